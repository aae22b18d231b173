// Who may reach the console and the control API. The emulator listens on a well-known local port, so any web page the
// developer visits can send requests to it: a Host check stops DNS rebinding (a page of another site whose name now
// points at 127.0.0.1), state-changing calls must come from the console's own origin or from outside any browser, and
// beyond loopback a token printed at start is required. The service routes keep their own rules (cors.ts).
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';
import { HTTP_HEADERS, type Reply } from './reply.js';

export type Area = 'service' | 'control' | 'console';

export interface AccessPolicy {
  /** `host:port` values (lower case) a request's Host header may name. */
  hosts: ReadonlySet<string>;
  /** Required on every console and control call but the health check, when the emulator listens beyond loopback. */
  token?: string;
  /** The cookie that carries the token once the console's URL has been opened. */
  cookie: string;
}

export const CONTROL_PREFIX = '/__emulator/';
export const CONSOLE_PATH = '/';
export const HEALTH_PATH = '/__emulator/health';
/** The header through which clients outside a browser (the CLI, chatbot-cli/emulator) send the token. */
export const TOKEN_HEADER = 'x-emulator-token';

export const HOST_REFUSED = 'Host não permitido.';
export const CROSS_ORIGIN_REFUSED = 'Origem não permitida.';
export const TOKEN_REFUSED = 'Token do emulador ausente ou inválido.';

export function areaOf(path: string): Area {
  if (path.startsWith(CONTROL_PREFIX)) return 'control';
  if (path === CONSOLE_PATH) return 'console';
  return 'service';
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/** 0.0.0.0 or ::: every address of the machine. */
export function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]' || host === '';
}

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The names a request may use for the emulator: loopback, the address it listens on (every one of the machine's
 * addresses when that is a wildcard), each with its port. */
export function allowedHosts(listenHost: string, port: number): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]', bracketed(listenHost.toLowerCase())]);
  if (isWildcard(listenHost)) {
    for (const entries of Object.values(networkInterfaces())) {
      for (const entry of entries ?? []) names.add(bracketed(entry.address.toLowerCase()));
    }
  }
  const hosts = new Set<string>();
  for (const name of names) {
    if (isWildcard(name)) continue;
    hosts.add(`${name}:${port}`);
    if (port === 80) hosts.add(name);
  }
  return hosts;
}

/** The cookie name: per port, since browsers share cookies among every port of a host. */
export function tokenCookie(port: number): string {
  return `chatbot_emulator_token_${port}`;
}

function refusal(status: number, message: string, extra: Record<string, string> = {}): Reply {
  return { status, message, ...extra };
}

function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A browser's mark that the call comes from another origin (another site, another port, or an opaque one). */
function fromOtherOrigin(req: IncomingMessage, ownOrigin: string): boolean {
  const origin = headerText(req.headers.origin);
  if (origin !== undefined && origin.toLowerCase() !== ownOrigin) return true;
  const site = headerText(req.headers['sec-fetch-site']);
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

const READS = new Set(['GET', 'HEAD']);

/**
 * The refusal of a console or control call, or undefined when it may go on. `/?token=` with the right token is
 * answered with a redirect that sets the cookie and drops the token from the address bar.
 */
export function guardCall(
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
  policy: AccessPolicy,
): Reply | undefined {
  const host = headerText(req.headers.host)?.toLowerCase();
  if (host !== undefined && !policy.hosts.has(host)) {
    const hosts = [...policy.hosts].join(', ');
    return refusal(421, `${HOST_REFUSED} O console e a API de controle só atendem por ${hosts}.`);
  }
  const ownOrigin = `http://${host ?? ''}`;
  const method = req.method ?? 'GET';
  if (!READS.has(method) && fromOtherOrigin(req, ownOrigin)) {
    return refusal(
      403,
      `${CROSS_ORIGIN_REFUSED} Chamadas que mudam o estado só valem do próprio console (${ownOrigin}) ou de fora do navegador.`,
    );
  }
  if (policy.token === undefined || path === HEALTH_PATH) return undefined;
  if (path === '/' && sameToken(query.get('token') ?? undefined, policy.token)) return tokenRedirect(query, policy);
  const given = headerText(req.headers[TOKEN_HEADER]) ?? cookieValue(req, policy.cookie);
  if (sameToken(given, policy.token)) return undefined;
  return refusal(
    401,
    `${TOKEN_REFUSED} Abra o endereço do console que \`chatbot emulator start\` imprimiu, ou envie o cabeçalho ` +
      `${TOKEN_HEADER} (CHATBOT_EMULATOR_TOKEN na linha de comando).`,
  );
}

function tokenRedirect(query: URLSearchParams, policy: AccessPolicy): Reply {
  const rest = new URLSearchParams(query);
  rest.delete('token');
  const location = rest.size === 0 ? '/' : `/?${rest.toString()}`;
  return {
    status: 303,
    message: 'Token aceito.',
    [HTTP_HEADERS]: {
      location,
      'set-cookie': `${policy.cookie}=${policy.token ?? ''}; Path=/; HttpOnly; SameSite=Strict`,
    },
  };
}

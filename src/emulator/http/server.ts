// HTTP transport: a request's method, path, query and (lazily) fields in; out, a JSON reply whose status line equals
// the body's status, or a page.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { answerPreflight, corsHeaders, isPreflight, type CorsOrigins } from './cors.js';
import { INVALID_REQUEST, mergeQuery, oversizedConnections, parseBody, readBody, TOO_LARGE } from './body.js';
import {
  DroppedConnection,
  EmulatorError,
  HTTP_ALLOW,
  HTTP_BODY,
  HTTP_HEADERS,
  HTTP_STATUS,
  type Reply,
} from './reply.js';
import { areaOf, CROSS_ORIGIN_REFUSED, guardCall, type AccessPolicy } from './guard.js';
import { pageOf } from './pages.js';
import { writerOf } from './open-reply.js';
import type { Fields } from '../rules/fields.js';

export interface IncomingCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The request's `Host` header when it is a plain host[:port], else undefined. */
  host?: string;
  /** The request's `User-Agent` header, when it sent one: who made a send (store/messages.ts, `origem`). */
  userAgent?: string;
  /**
   * Query fields overlaid by body fields; read lazily (once) so unknown paths never wait for a body. `limit`: the
   * body's size limit in bytes when it is not the service's 1 MiB (an imported state).
   */
  fields(limit?: number): Promise<Fields>;
  /** What the handler found out about the call (the operation it chose, the fault rule that hit it), for the log. */
  note: CallNote;
}

export interface CallNote {
  operation?: string;
  fault?: string;
  /** Why the emulator refused the call, in English: the rule and, where one is at fault, the field by its path. */
  reason?: string;
}

/** What a call came to: its reply, or no reply at all when the connection was dropped on purpose. */
export interface CallOutcome {
  reply: Reply | undefined;
  /** The body's fields when they were read (undefined when the handler never asked for them). */
  fields: Fields | undefined;
}

export type CallHandler = (call: IncomingCall) => Promise<Reply>;

export interface ServerHooks {
  log?: (line: string) => void;
  /** Awaited before each reply is written: resolves once the request's writes are committed, rejects if they failed. */
  beforeReply?: () => Promise<void>;
  /** Runs after each reply is written (the webhook worker uses it to look for new events at once). */
  afterReply?: () => void;
  /** Runs after each call is answered or dropped (the request log). */
  onCall?: (call: IncomingCall, outcome: CallOutcome) => void;
  /** Origins browser pages may call the service routes from; default `*`. */
  cors?: CorsOrigins;
  /** Who may reach the console and the control API (read at each request: it is known once the port is). */
  access?: () => AccessPolicy | undefined;
}

/** Why a service request was refused, on its answer (the body stays the service's). */
export const REASON_HEADER = 'x-emulator-reason';

export const INTERNAL_ERROR = 'Erro interno do emulador.';

/** A whole answer written straight to a socket the HTTP parser gave up on. */
function rawReply(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ status, message });
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

export function createEmulatorServer(handler: CallHandler, hooks: ServerHooks = {}): Server {
  const server = createServer((req, res) => {
    void serve(req, res, handler, hooks);
  });
  server.on('clientError', (_error, socket) => {
    if (!socket.writable) socket.destroy();
    else if (oversizedConnections.has(socket)) socket.end(rawReply(413, 'Payload Too Large', TOO_LARGE));
    else socket.end(rawReply(400, 'Bad Request', INVALID_REQUEST));
  });
  return server;
}

const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function hostHeader(raw: string | undefined): string | undefined {
  return raw !== undefined && HOST_HEADER.test(raw) ? raw : undefined;
}

/** `/api/auth/` and `/api/auth` are the same path. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function splitUrl(raw: string): { path: string; query: URLSearchParams } {
  const mark = raw.indexOf('?');
  const path = mark === -1 ? raw : raw.slice(0, mark);
  return { path: normalizePath(path), query: new URLSearchParams(mark === -1 ? '' : raw.slice(mark + 1)) };
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  handler: CallHandler,
  hooks: ServerHooks,
): Promise<void> {
  const started = performance.now();
  const { path, query } = splitUrl(req.url ?? '/');
  const method = req.method ?? 'GET';
  const service = areaOf(path) === 'service';
  const policy = service ? undefined : hooks.access?.();
  const refused = policy && guardCall(req, path, query, policy);
  if (refused || (!service && isPreflight(req))) {
    req.resume();
    const reply = refused ?? { status: 403, message: CROSS_ORIGIN_REFUSED };
    writeReply(res, reply, {});
    hooks.log?.(`${method} ${path} ${reply.status} ${Math.round(performance.now() - started)}ms`);
    return;
  }
  const cors = hooks.cors ?? '*';
  if (isPreflight(req)) {
    req.resume();
    const status = answerPreflight(cors, req, res);
    hooks.log?.(`${method} ${path} ${status} ${Math.round(performance.now() - started)}ms`);
    return;
  }
  let fields: Promise<Fields> | undefined;
  let read: Fields | undefined;
  const readFields = async (limit?: number) =>
    (read = mergeQuery(query, await parseBody(await readBody(req, limit), req.headers['content-type'])));
  const host = hostHeader(req.headers.host);
  const userAgent = req.headers['user-agent'];
  const call: IncomingCall = {
    method,
    path,
    query,
    host,
    userAgent,
    note: {},
    fields: (limit) => (fields ??= readFields(limit)),
  };
  let reply: Reply | undefined;
  let failure = '';
  try {
    reply = await handler(call);
  } catch (error) {
    if (error instanceof EmulatorError || error instanceof DroppedConnection) call.note.reason ??= error.reason;
    if (error instanceof DroppedConnection) reply = undefined;
    else {
      reply = failureReply(error);
      if (!(error instanceof EmulatorError)) failure = ` ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  try {
    await hooks.beforeReply?.();
  } catch (error) {
    // A connection dropped on purpose stays dropped; an answer becomes the failure of its commit.
    if (reply !== undefined) reply = failureReply(error);
    failure = ` ${error instanceof Error ? error.message : String(error)}`;
    call.note.reason = `the emulator could not save this request's writes (${failure.trim()})`;
  }
  if (service) explainRefusal(call.note, reply);
  const writer = reply && writerOf(reply);
  if (writer) writer(req, res);
  else if (reply) writeReply(res, reply, service ? { ...corsHeaders(cors, req), ...reasonHeader(call.note) } : {});
  else req.socket.destroy();
  const operation = call.note.operation ? ` ${call.note.operation}` : '';
  hooks.log?.(
    `${method} ${path} ${reply ? reply.status : 'dropped'} ${Math.round(performance.now() - started)}ms${operation}${failure}`,
  );
  hooks.onCall?.(call, { reply, fields: read });
  hooks.afterReply?.();
}

/** A service answer that is not a success always says why: the rule's reason, else what the answer itself says. */
function explainRefusal(note: CallNote, reply: Reply | undefined): void {
  if (reply !== undefined && reply.status >= 200 && reply.status < 300 && reply[HTTP_STATUS] === undefined) {
    delete note.reason;
    return;
  }
  note.reason ??=
    reply === undefined
      ? 'the connection was dropped on purpose'
      : `answered ${reply.status} ${typeof reply.message === 'string' ? JSON.stringify(reply.message) : ''}`.trim();
  if (note.reason.length > REASON_LIMIT) note.reason = `${note.reason.slice(0, REASON_LIMIT)}… (cut)`;
}

/**
 * How much of a reason is kept: a hostile body can make one as long as the body, and HTTP clients refuse headers
 * past 16 KB (Node's undici and http alike); 600 characters percent-encode to at most 7.2 KB.
 */
export const REASON_LIMIT = 600;

/** The reason as a header value: printable ASCII kept, `%` and everything else percent-encoded as UTF-8. */
export function headerSafe(reason: string): string {
  return reason.replace(/[^\x20-\x24\x26-\x7e]/gu, (char) =>
    [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

function reasonHeader(note: CallNote): Record<string, string> {
  return note.reason === undefined ? {} : { [REASON_HEADER]: headerSafe(note.reason) };
}

/** The answer to a request that threw: its own error, or 500 for anything unexpected. */
function failureReply(error: unknown): Reply {
  return error instanceof EmulatorError ? error.toBody() : { status: 500, message: INTERNAL_ERROR };
}

function writeReply(res: ServerResponse, reply: Reply, cors: Record<string, string>): void {
  const page = pageOf(reply);
  const body = page?.body ?? JSON.stringify(reply[HTTP_BODY] ?? reply);
  const headers: Record<string, string | number> = {
    ...cors,
    ...reply[HTTP_HEADERS],
    'content-type': page?.contentType ?? 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  };
  // A body over the drain limit was not read to its end, so the connection cannot be reused.
  if (reply.status === 413) headers.connection = 'close';
  if (reply.status === 405) headers.allow = reply[HTTP_ALLOW] ?? 'POST';
  res.writeHead(reply[HTTP_STATUS] ?? reply.status, headers);
  res.end(body);
}

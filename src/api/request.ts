// The only place that talks HTTP: JSON POSTs, timeouts, keep-alive, the service envelope and typed errors.
// undici loads on the first real request, so --dry-run and failed validation never pay for it.
import type { Dispatcher } from 'undici';
import { ApiError, ExitCode, MalformedResponse, NetworkError, UnexpectedAnswer } from '../errors.js';
import { gatewayRefusal, gatewaySuccess } from './gateway-envelope.js';
import { DEFAULT_BASE_URL } from '../defaults.js';
import type { SecretRegister } from '../secrets.js';
import { Deadline } from './deadline.js';
import { SharedTimeouts } from './shared-timeouts.js';

export interface ServiceBody {
  status: number;
  message?: string;
  [field: string]: unknown;
}

export type HttpMethod = 'POST' | 'GET' | 'PUT';

export interface PlannedRequest {
  method: HttpMethod;
  url: string;
  body?: Record<string, unknown>;
}

export interface RequestOptions {
  /** Reads may be retried on network errors; sends never are. */
  retry?: boolean;
  /** Default: POST with a body, GET without one. */
  method?: HttpMethod;
}

export interface RequesterConfig {
  baseUrl: string;
  /** How long one operation may take, every attempt and retry delay included, when there is no `deadline`. */
  timeoutMs: number;
  /** The command's deadline (`--timeout`), shared by all of its requests: each gets the time left, retries included. */
  deadline?: Deadline;
  userAgent: string;
  /** Headers sent with every request besides the JSON ones (the emulator's control token). */
  headers?: Readonly<Record<string, string>>;
  /** The run's connection pool, asked for at the first real request; undici's default when absent (tests). */
  dispatcher?: () => Promise<Dispatcher>;
  /** Where the keys found in answers are remembered, so that output masks them. */
  secrets?: Pick<SecretRegister, 'rememberKeysIn'>;
  /** When set, requests are handed here instead of being sent (`--dry-run`). */
  dryRun?: (planned: PlannedRequest) => never;
  retryDelaysMs?: number[];
  /** Told before each retry of a read: attempt number (2 for the first retry), attempts at most, delay, cause. */
  onRetry?: (retry: RetryNotice) => void;
  /** The clock (tests inject one). */
  now?: () => number;
}

export interface RetryNotice {
  attempt: number;
  attempts: number;
  delayMs: number;
  cause: NetworkError;
}

export type Requester = (
  path: string,
  body?: Record<string, unknown>,
  options?: RequestOptions,
) => Promise<ServiceBody>;

/** What one requester works out once for all of its requests (a batch makes thousands). */
interface Prepared {
  headers: Record<string, string>;
  transport: Promise<Transport>;
  targets: Map<string, Target>;
  timeouts: SharedTimeouts;
}

type Transport = typeof import('./transport.js');

/** Builds the request function every api operation goes through. */
export function createRequester(config: RequesterConfig): Requester {
  const delays = config.retryDelaysMs ?? [250, 750, 2000];
  const now = config.now ?? Date.now;
  let prepared: Prepared | undefined;
  return async (path, body, options = {}) => {
    const method = options.method ?? (body === undefined ? 'GET' : 'POST');
    const planned: PlannedRequest =
      body === undefined
        ? { method, url: joinUrl(config.baseUrl, path) }
        : { method, url: joinUrl(config.baseUrl, path), body };
    if (config.dryRun) config.dryRun(planned);
    prepared ??= prepare(config);
    // Loaded before the deadline starts: on a busy machine loading undici alone can take a second.
    const transport = await prepared.transport;
    const deadline = config.deadline ?? new Deadline(config.timeoutMs, now);
    const scope = config.deadline ? 'command' : 'request';
    for (let attempt = 0; ; attempt++) {
      try {
        const left = deadline.remaining();
        if (left <= 0) throw noTimeLeft(config.baseUrl, deadline.budgetMs);
        return await sendOnce(transport, prepared, planned, config, left, { budgetMs: deadline.budgetMs, scope });
      } catch (error) {
        const delay = delays[attempt];
        const retriable =
          options.retry === true &&
          error instanceof NetworkError &&
          delay !== undefined &&
          deadline.remaining() > delay;
        if (!retriable) throw options.retry === true ? error : mayHaveGoneOut(error);
        config.onRetry?.({ attempt: attempt + 2, attempts: delays.length + 1, delayMs: delay, cause: error });
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
}

/** Which time ran out: the command's deadline (shared by its requests) or one request's own timeout. */
export interface TimeBound {
  budgetMs: number;
  scope: 'command' | 'request';
}

function noTimeLeft(where: string, budgetMs: number): NetworkError {
  return new NetworkError(
    `No time left to ask ${where}: the command's ${budgetMs / 1000} s deadline (--timeout) passed — try again, or allow longer with --timeout SECONDS`,
    'no',
  );
}

/** A send or change whose answer never came may have been carried out: say so, and how to check, not "try again". */
function mayHaveGoneOut(error: unknown): unknown {
  if (!(error instanceof NetworkError) || error.reached === 'no') return error;
  const cause = error.message.replace(/ — .*$/, '');
  return new NetworkError(
    `${cause} — the request may have reached the service and been carried out: check (the recipient's chat, \`chatbot listen\` for the device's events, \`chatbot emulator outbox\` on the emulator) before sending it again`,
  );
}

/** Joins a base URL (with or without a trailing slash or a path prefix) and an absolute path. */
export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + path;
}

function prepare(config: RequesterConfig): Prepared {
  return {
    headers: {
      ...config.headers,
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': config.userAgent,
    },
    transport: import('./transport.js'),
    targets: new Map(),
    timeouts: new SharedTimeouts(),
  };
}

/** Where a request goes, as undici's `request(url)` reads a URL: the origin, and the path with its query. */
interface Target {
  origin: string;
  path: string;
}

/** URLs remembered at most (reads with a query may each have their own). */
const KNOWN_TARGETS = 64;

function targetOf(targets: Map<string, Target>, url: string): Target {
  let target = targets.get(url);
  if (target === undefined) {
    const parsed = new URL(url);
    target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
    if (targets.size >= KNOWN_TARGETS) targets.clear();
    targets.set(url, target);
  }
  return target;
}

/** One attempt, handed to the run's dispatcher directly (undici's `request(url)` would parse the URL every time). */
async function sendOnce(
  transport: Transport,
  prepared: Prepared,
  planned: PlannedRequest,
  config: RequesterConfig,
  timeoutMs: number,
  bound: TimeBound,
): Promise<ServiceBody> {
  const dispatcher = config.dispatcher ? await config.dispatcher() : transport.getGlobalDispatcher();
  let response;
  try {
    response = await dispatcher.request({
      ...targetOf(prepared.targets, planned.url),
      method: planned.method,
      headers: prepared.headers,
      body: planned.body === undefined ? undefined : JSON.stringify(planned.body),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: prepared.timeouts.signal(timeoutMs),
    });
  } catch (error) {
    throw toNetworkError(error, config.baseUrl, bound);
  }
  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    throw toNetworkError(error, config.baseUrl, bound);
  }
  return interpretResponse(response.statusCode, text, config.secrets);
}

/**
 * Reads the service envelope: the body's `status` wins over the HTTP line; errors become ApiError, and so does a
 * related gateway's refusal (`error`, `message_status` other than Success: exit 6); a success without a numeric
 * `status` in the body is an UnexpectedAnswer unless a 2xx says `message_status` Success (it then gets the HTTP status).
 */
export function interpretResponse(
  httpStatus: number,
  text: string,
  secrets?: Pick<SecretRegister, 'rememberKeysIn'>,
): ServiceBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw malformed(httpStatus, text);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw malformed(httpStatus, text);
  const record = parsed as Record<string, unknown>;
  secrets?.rememberKeysIn(record);
  const bodyStatus =
    Number.isInteger(Number(record.status)) && record.status !== null && record.status !== ''
      ? Number(record.status)
      : undefined;
  const status = bodyStatus ?? httpStatus;
  if (status >= 400) throw new ApiError(status, messageOf(record, httpStatus), parsed);
  const refusal = gatewayRefusal(record);
  // A refusal whose kind is unknown, as the service's own 4xx other than 401/404/409 would be.
  if (refusal !== undefined) throw new ApiError(status, refusal, parsed, false, ExitCode.rejected);
  const gatewaySent = bodyStatus === undefined && httpStatus >= 200 && httpStatus <= 299 && gatewaySuccess(record);
  if (bodyStatus === undefined && httpStatus < 500 && !gatewaySent) {
    throw new UnexpectedAnswer(
      record.status === undefined
        ? 'status is missing'
        : `status is ${JSON.stringify(record.status)}, expected a number`,
    );
  }
  const body: ServiceBody = { ...record, status };
  if (httpStatus >= 500) {
    throw new ApiError(
      httpStatus,
      `The service answered HTTP ${httpStatus} although its body says status ${status}, so whether it acted is unknown — check (e.g. \`chatbot devices ls\`, the recipient) before trying again`,
      parsed,
      true,
    );
  }
  return body;
}

function messageOf(record: Record<string, unknown>, httpStatus: number): string {
  for (const field of ['message', 'error', 'mensagem'] as const) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return gatewayRefusal(record) ?? `The service answered HTTP ${httpStatus} without a message`;
}

function malformed(httpStatus: number, text: string): MalformedResponse {
  const firstLine =
    text
      .split(/\r?\n/)
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 200) ?? '(empty body)';
  return new MalformedResponse(
    httpStatus,
    `The service answered HTTP ${httpStatus} with a body that is not JSON: ${firstLine}`,
  );
}

/** Names the failure and what to do about it; a refusal at the default address points at the emulator. */
export function toNetworkError(error: unknown, where: string, bound: TimeBound): NetworkError {
  const code = errorCode(error);
  if (code === 'ECONNREFUSED') {
    const hint = isDefaultLocal(where)
      ? 'start the local emulator with `chatbot emulator start`, or set your service URL with `chatbot config set base-url URL`'
      : 'check the address with `chatbot config get base-url`, or whether the service is up';
    return new NetworkError(`Could not reach ${where} (connection refused) — ${hint}`, 'no');
  }
  if (code === 'TIMEOUT') {
    const passed = bound.scope === 'command' ? ": the command's deadline (--timeout) passed" : '';
    return new NetworkError(
      `No answer from ${where} within ${bound.budgetMs / 1000} s${passed} — try again, or allow longer with --timeout SECONDS`,
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new NetworkError(
      `Could not resolve the host of ${where} — check the base URL (\`chatbot config get base-url\`)`,
      'no',
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new NetworkError(`Connection to ${where} failed (${code ?? detail}) — check your network and try again`);
}

/** The system error code of a failed request (`ECONNREFUSED`, …), or `TIMEOUT` for any of undici's timeouts. */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'TIMEOUT';
  const withCause = error as { code?: unknown; cause?: { code?: unknown } };
  const code = withCause.code ?? withCause.cause?.code;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'TIMEOUT';
  return typeof code === 'string' ? code : undefined;
}

function isDefaultLocal(baseUrl: string): boolean {
  return baseUrl.replace(/\/+$/, '') === DEFAULT_BASE_URL;
}

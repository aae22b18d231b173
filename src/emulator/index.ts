// Entry point of the local emulator: startEmulator(options) → a running server on 127.0.0.1.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createCallHandler } from './http/call-handler.js';
import { TestClock } from './instruments/test-clock.js';
import { defaultCtx } from './operations/context.js';
import { WebhookWorker } from './delivery/worker.js';
import { FaultRules } from './instruments/faults/rules.js';
import type { Instruments } from './instruments/index.js';
import { RequestLog } from './instruments/request-log.js';
import { AttemptLog, attemptView } from './instruments/attempt-log.js';
import { LoadBoard } from './instruments/load-board.js';
import { createLive } from './live/index.js';
import { runDueSchedules, Scheduler } from './operations/create-message/scheduler.js';
import type { CorsOrigins } from './http/cors.js';
import { createEmulatorServer, type CallOutcome, type IncomingCall } from './http/server.js';
import { openStore, type Store } from './store/db.js';
import { refusedSend } from './operations/access.js';
import { withGroupCommit } from './store/group-commit.js';
import { assertZone } from './rules/zoned-time.js';
import { HTTP_STATUS, type Reply } from './http/reply.js';
import { allowedHosts, areaOf, isLoopback, isWildcard, tokenCookie, type AccessPolicy } from './http/guard.js';

export interface EmulatorOptions {
  /** Default 8484; 0 = any free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** SQLite file path, or ':memory:' (the default). */
  db?: string;
  /** IANA zone of `agendamento` and `dataEnvio`; default 'America/Sao_Paulo'. */
  tz?: string;
  /** Seconds after pairing at which a device turns conectado=true by itself; undefined = never. */
  autoConnect?: number;
  /** Seconds an OTP code lives; default 300. */
  otpTtl?: number;
  /** Every send to a device that is not connected fails with 404; default false (only polls need one). */
  requireConnected?: boolean;
  /** Origins browser pages may call the emulator from (CORS); default `*` (any). */
  corsOrigins?: CorsOrigins;
  /** One line per request (method path status ms); default: nothing. */
  log?: (line: string) => void;
  /** Failing webhook deliveries: a summary every few seconds while retrying, a line per delivery given up. */
  warn?: (line: string) => void;
  /** The token the console and the control API require when `host` is not loopback; default: a random one. */
  token?: string;
}

export interface RunningEmulator {
  url: string;
  port: number;
  /** The console's address; beyond loopback it carries the token once (`/?token=…`). */
  consoleUrl: string;
  /** The token the console and the control API require (only when the emulator listens beyond loopback). */
  token?: string;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8484;
export const DEFAULT_HOST = '127.0.0.1';

function checkOptions(options: EmulatorOptions): void {
  const seconds = (value: number | undefined) => value === undefined || (Number.isFinite(value) && value >= 0);
  if (!seconds(options.autoConnect)) throw new RangeError('autoConnect must be a number of seconds >= 0');
  if (!seconds(options.otpTtl) || options.otpTtl === 0) throw new RangeError('otpTtl must be a number of seconds > 0');
  if (options.tz !== undefined) assertZone(options.tz);
}

/** Service requests go to the request log; control calls and the console do not (reading the log would fill it). */
function logRequest(
  store: Store,
  instruments: Instruments,
  at: number,
  call: IncomingCall,
  { reply, fields }: CallOutcome,
): void {
  if (areaOf(call.path) !== 'service') return;
  const refused = call.note.reason !== undefined && fields !== undefined ? refusedSend(store, fields) : undefined;
  const entry = instruments.requests.record({
    method: call.method,
    path: call.path,
    operation: call.note.operation,
    fault: call.note.fault,
    reason: call.note.reason,
    fields,
    at,
    status: reply?.status,
    httpStatus: reply ? (reply[HTTP_STATUS] ?? reply.status) : undefined,
    issuedKeys: issuedKeys(reply),
    ...(reply ? { reply } : {}),
    ...(refused ? { refused } : {}),
  });
  const bus = instruments.live.bus;
  if (bus.wantsLogs || (refused?.chat && bus.wantsChat(refused.device, refused.chat)))
    bus.publish('request', instruments.requests.show(entry));
}

/** Keys an answer hands out: pairDevice's appkey, register's (and login's) authkey. */
function issuedKeys(reply: Reply | undefined): string[] {
  const data = reply?.data;
  const authkey = data !== null && typeof data === 'object' ? (data as Record<string, unknown>).authkey : undefined;
  return [reply?.appkey, authkey].filter((key): key is string => typeof key === 'string' && key.length > 0);
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Where to open the console: a wildcard address is not one a browser should name, so it becomes 127.0.0.1. */
function consoleUrl(host: string, port: number, token: string | undefined): string {
  const base = `http://${hostForUrl(isWildcard(host) ? '127.0.0.1' : host)}:${port}/`;
  return token === undefined ? base : `${base}?token=${token}`;
}

/** Beyond loopback the console and the control API need a token: the one given, or a random one. */
function accessPolicy(host: string, port: number, token: string | undefined): AccessPolicy {
  const hosts = allowedHosts(host, port);
  const cookie = tokenCookie(port);
  if (isLoopback(host)) return { hosts, cookie };
  return { hosts, cookie, token: token ?? randomBytes(16).toString('hex') };
}

/** Opens the database, sends schedules that fell due while stopped, resumes webhook deliveries, then listens. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  checkOptions(options);
  const host = options.host ?? DEFAULT_HOST;
  const store = withGroupCommit(openStore(options.db ?? ':memory:'));
  const clock = new TestClock();
  const requireConnected = options.requireConnected ?? false;
  const ctx = defaultCtx({
    now: () => clock.now(),
    tz: options.tz,
    otpTtl: options.otpTtl,
    autoConnect: options.autoConnect,
    requireConnected,
  });
  const live = createLive(store, () => ctx.now());
  const attempts = new AttemptLog();
  const worker = new WebhookWorker(store, () => ctx.now(), {
    log: options.warn,
    uncommitted: () => (store.open ? store.committed() : undefined),
    onAttempt: (attempt) => {
      attempts.record(attempt);
      if (!live.bus.active) return;
      const view = attemptView(attempt);
      if (live.bus.wantsLogs || live.bus.wantsChat(attempt.device, view.chat))
        live.bus.publish('webhook', { ...view, dispositivo: attempt.device });
    },
  });
  const scheduler = new Scheduler(store, ctx, () => {
    worker.kick();
    live.feed.nudge();
  });
  const instruments: Instruments = {
    clock,
    faults: new FaultRules(() => {
      if (live.bus.active) live.bus.publish('faults', { falhas: [...instruments.faults.list()] });
    }),
    requests: new RequestLog(),
    attempts,
    live,
    load: new LoadBoard(),
    requireConnectedAtStart: requireConnected,
    afterClockMove: () => {
      runDueSchedules(store, ctx);
      worker.kick();
      live.feed.nudge();
    },
    afterReset: () => {
      worker.reset();
      live.feed.restart();
    },
    afterImport: () => {
      worker.reload();
      live.feed.restart();
    },
  };
  const onCall = (call: IncomingCall, outcome: CallOutcome) => logRequest(store, instruments, ctx.now(), call, outcome);
  // Known once the port is: the Host check names it.
  const guard: { policy?: AccessPolicy } = {};
  const server = createEmulatorServer(createCallHandler(store, ctx, instruments), {
    access: () => guard.policy,
    log: options.log,
    onCall,
    beforeReply: () => store.committed(),
    afterReply: () => {
      worker.kick();
      live.feed.nudge();
    },
    cors: options.corsOrigins,
  });
  scheduler.start();
  worker.start();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? DEFAULT_PORT, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    scheduler.close();
    await worker.close();
    store.db.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  ctx.baseUrl = `http://${hostForUrl(host)}:${port}`;
  const access = accessPolicy(host, port, options.token);
  guard.policy = access;
  let closing: Promise<void> | undefined;
  return {
    url: ctx.baseUrl,
    port,
    consoleUrl: consoleUrl(host, port, access.token),
    ...(access.token === undefined ? {} : { token: access.token }),
    close() {
      closing ??= (async () => {
        scheduler.close();
        live.streams.close();
        live.feed.close();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await worker.close();
        await stopped;
        await store.committed().catch(() => undefined);
        store.db.close();
      })();
      return closing;
    },
  };
}

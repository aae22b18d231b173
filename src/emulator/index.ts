// Entry point of the local emulator: startEmulator(options) → a running server on 127.0.0.1.
import type { AddressInfo } from 'node:net';
import { createCallHandler } from './app.js';
import { defaultCtx } from './context.js';
import { WebhookWorker } from './events/worker.js';
import { Scheduler } from './scheduler.js';
import { createEmulatorServer } from './server.js';
import { openStore } from './store/db.js';
import { withGroupCommit } from './store/group-commit.js';
import { assertZone } from './zoned-time.js';

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
  /** One line per request (method path status ms); default: nothing. */
  log?: (line: string) => void;
  /** Failing webhook deliveries: a summary every few seconds while retrying, a line per delivery given up. */
  warn?: (line: string) => void;
}

export interface RunningEmulator {
  url: string;
  port: number;
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

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Opens the database, sends schedules that fell due while stopped, resumes webhook deliveries, then listens. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  checkOptions(options);
  const host = options.host ?? DEFAULT_HOST;
  const store = withGroupCommit(openStore(options.db ?? ':memory:'));
  const ctx = defaultCtx({ tz: options.tz, otpTtl: options.otpTtl, autoConnect: options.autoConnect });
  const worker = new WebhookWorker(store, ctx.now, { log: options.warn, uncommitted: () => (store.open ? store.committed() : undefined) });
  const scheduler = new Scheduler(store, ctx, () => worker.kick());
  const server = createEmulatorServer(createCallHandler(store, ctx), {
    log: options.log, beforeReply: () => store.committed(), afterReply: () => worker.kick(),
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
  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostForUrl(host)}:${port}`,
    port,
    close() {
      closing ??= (async () => {
        scheduler.close();
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

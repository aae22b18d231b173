// emulator start: runs the local emulator in the foreground until Ctrl-C.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '../../../config/paths.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { emulatorStartCommand } from './start-command.js';
import { timeZone } from '../../shared/validate.js';
import { aborted } from '../../wait/backoff.js';
import { databaseFailure } from '../../shared/database-failure.js';

type Opts = InputOf<typeof emulatorStartCommand>['opts'];

function databasePath(ctx: Context, given: string | undefined): string {
  if (given !== undefined) {
    if (given.trim() === '') throw new UsageError('--db must be a file path, or :memory: to keep nothing');
    return given;
  }
  const dir = dataDir(ctx.env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return join(dir, 'emulator.db');
}

/** `--cors-origin` values as origins (`scheme://host[:port]`); any other value is a usage error. */
function corsOrigins(given: readonly string[] | undefined): string[] | undefined {
  if (given === undefined || given.length === 0) return undefined;
  return given.map((text) => {
    let origin: string | undefined;
    try {
      const url = new URL(text);
      if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin;
    } catch {
      origin = undefined;
    }
    if (origin === undefined || origin !== text.replace(/\/$/, '')) {
      throw new UsageError(
        `--cors-origin ${text} is not an origin; give scheme, host and port only, e.g. https://painel.exemplo.com`,
      );
    }
    return origin;
  });
}

/** Starts the emulator and resolves when it has stopped after SIGINT or SIGTERM. */
export async function emulatorStart(ctx: Context, { opts }: InputOf<typeof emulatorStartCommand>): Promise<void> {
  ctx.refuseDryRun('emulator start');
  const tz = timeZone('--tz', opts.tz);
  const db = databasePath(ctx, opts.db);
  const cors = corsOrigins(opts.corsOrigin);
  const { startEmulator } = await import('../../../emulator/index.js');
  ctx.run.keepOutputFlowing();
  const logger = opts.quiet || ctx.out.json ? undefined : batchedLines((text) => ctx.out.info(text));
  const log = logger ? (line: string) => logger.add(line) : undefined;
  let emulator;
  try {
    emulator = await startEmulator({
      port: opts.port,
      host: opts.host,
      db,
      tz,
      ...(opts.autoConnect === undefined ? {} : { autoConnect: opts.autoConnect }),
      ...(opts.requireConnected ? { requireConnected: true } : {}),
      ...(cors ? { corsOrigins: cors } : {}),
      ...(log ? { log } : {}),
      warn: (line) => ctx.out.notice(line),
      ...tokenOption(ctx),
    });
  } catch (error) {
    throw startFailure(error, opts, db);
  }
  const { token } = emulator;
  ctx.out.result(
    { status: 200, url: emulator.url, port: emulator.port, db, tz, ...(token ? { token } : {}) },
    () => [],
  );
  ctx.out.notice(`Emulator listening on ${emulator.url}`);
  if (token) ctx.out.notice(`Control API token (it listens beyond this machine): CHATBOT_EMULATOR_TOKEN=${token}`);
  await aborted(ctx.run.catchInterrupt().signal);
  await emulator.close();
  logger?.flush();
  ctx.out.info('Emulator stopped.');
}

/** The control token an emulator beyond loopback requires: CHATBOT_EMULATOR_TOKEN when set, else a random one. */
function tokenOption(ctx: Context): { token?: string } {
  const token = ctx.env.CHATBOT_EMULATOR_TOKEN?.trim();
  return token ? { token } : {};
}

const LOG_FLUSH_MS = 50;

/**
 * Request log lines written together every LOG_FLUSH_MS: stderr to a file or pipe is written synchronously, and
 * one write per request was a sixth of the emulator's time under load (`npm run bench`, ratio (d)).
 */
function batchedLines(write: (text: string) => void): { add(line: string): void; flush(): void } {
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length > 0) write(pending.join('\n'));
    pending = [];
  };
  return {
    add(line) {
      pending.push(line);
      timer ??= setTimeout(flush, LOG_FLUSH_MS);
    },
    flush,
  };
}

/** The user's mistakes among the ways starting can fail, as usage errors saying what to do; anything else as is. */
function startFailure(error: unknown, opts: Opts, db: string): Error {
  const usage = listenFailure(error, opts) ?? databaseFailure(error, db);
  if (usage) return usage;
  return error instanceof Error ? error : new Error(String(error));
}

/** Errors of listening (or of looking --host up), told apart from the database's by their system call. */
function listenFailure(error: unknown, opts: Opts): UsageError | undefined {
  const { code, syscall } = error as { code?: string; syscall?: string };
  if (syscall !== 'listen' && syscall !== 'getaddrinfo') return undefined;
  const { host } = opts;
  const port = String(opts.port);
  if (code === 'EADDRINUSE') {
    return new UsageError(`Port ${port} is already in use — pick another with --port, or --port 0 for any free port`);
  }
  if (code === 'EACCES') {
    return new UsageError(`Not allowed to listen on ${host}:${port} — use a port above 1023 with --port, or --port 0`);
  }
  if (code === 'EADDRNOTAVAIL') {
    return new UsageError(
      `--host ${host} is not an address of this machine — use 127.0.0.1 (this machine only), 0.0.0.0 (every network) or one of its own addresses`,
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new UsageError(
      `--host ${host} is not a known host name or IP address — use 127.0.0.1, 0.0.0.0 or one of this machine's addresses`,
    );
  }
  return undefined;
}

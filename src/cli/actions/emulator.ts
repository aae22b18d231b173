// emulator start: runs the local emulator in the foreground.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '../../config/paths.js';
import { UsageError } from '../../errors.js';
import type { Context } from '../context.js';
import type { HandlerInput } from '../define.js';
import { timeZone } from '../validate.js';

function databasePath(ctx: Context, given: unknown): string {
  if (typeof given === 'string') return given;
  const dir = dataDir(ctx.env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return join(dir, 'emulator.db');
}

/** Starts the emulator and resolves when it has stopped after SIGINT or SIGTERM. */
export async function startEmulatorCommand(ctx: Context, { opts }: HandlerInput): Promise<void> {
  const tz = timeZone('--tz', String(opts.tz));
  const db = databasePath(ctx, opts.db);
  const { startEmulator } = await import('../../emulator/index.js');
  const log = opts.quiet === true || ctx.out.json ? undefined : (line: string) => ctx.out.info(line);
  let emulator;
  try {
    emulator = await startEmulator({
      port: opts.port as number,
      host: opts.host as string,
      db,
      tz,
      ...(opts.autoConnect === undefined ? {} : { autoConnect: opts.autoConnect as number }),
      ...(log ? { log } : {}),
    });
  } catch (error) {
    throw startFailure(error, opts);
  }
  ctx.out.result({ status: 200, url: emulator.url, port: emulator.port, db, tz }, () => []);
  ctx.out.notice(`Emulator listening on ${emulator.url}`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await emulator.close();
  ctx.out.info('Emulator stopped.');
}

function startFailure(error: unknown, opts: Record<string, unknown>): Error {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') {
    return new UsageError(`Port ${String(opts.port)} is already in use — pick another with --port, or --port 0 for any free port`);
  }
  if (code === 'EACCES') return new UsageError(`Not allowed to listen on ${String(opts.host)}:${String(opts.port)}`);
  return error instanceof Error ? error : new Error(String(error));
}

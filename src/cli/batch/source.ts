// Where a batch's rows come from, readable more than once (a check pass, then a send pass): a file is opened again;
// stdin is spooled, as it is first read, to a private temp file that no other process can see, removed at once.
import {
  closeSync,
  createReadStream,
  mkdtempSync,
  openSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../errors.js';
import type { InputStream } from '../io.js';

export interface BatchSource {
  /** How messages name it: the file name, or "stdin". */
  what: string;
  /** The input's bytes from the start; for stdin, the first call reads stdin and every later one the spool. */
  open(): AsyncIterable<Buffer | string>;
  /** Refuses a file that changed since the first pass started (it was checked as it was then). */
  assertUnchanged(): void;
  close(): void;
}

/** A file, opened afresh for each pass. */
export function fileSource(path: string): BatchSource {
  let seen: { size: number; mtimeMs: number } | undefined;
  return {
    what: path,
    open: () => {
      seen ??= stamp(path);
      return readFile(path);
    },
    assertUnchanged: () => {
      const now = stamp(path);
      if (seen && (now.size !== seen.size || now.mtimeMs !== seen.mtimeMs)) {
        throw new UsageError(
          `${path} changed while its rows were being checked — nothing was sent; run again once it is written`,
        );
      }
    },
    close: () => undefined,
  };
}

function stamp(path: string): { size: number; mtimeMs: number } {
  try {
    const { size, mtimeMs } = statSync(path);
    return { size, mtimeMs };
  } catch (error) {
    throw cannotRead(path, error);
  }
}

async function* readFile(path: string): AsyncIterable<Buffer> {
  try {
    for await (const chunk of createReadStream(path)) yield chunk as Buffer;
  } catch (error) {
    throw cannotRead(path, error);
  }
}

function cannotRead(path: string, error: unknown): UsageError {
  const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
  return new UsageError(`Cannot read ${path}: ${reason}`);
}

/**
 * Stdin, copied as it is read into a temp file (0600, in a 0700 directory) whose name is removed as soon as it is
 * open: the data lives only as long as this process holds it, so no exit (Ctrl-C, SIGKILL) leaves it behind.
 */
export function stdinSource(stdin: InputStream): BatchSource {
  const spool = openSpool();
  let state: 'unread' | 'reading' | 'spooled' = 'unread';
  return {
    what: 'stdin',
    open: () => {
      if (state === 'spooled') return readSpool(spool);
      if (state === 'reading') throw new Error('stdin was read again before its first read ended');
      state = 'reading';
      return tee(stdin, spool, () => (state = 'spooled'));
    },
    assertUnchanged: () => undefined,
    close: () => closeSync(spool),
  };
}

function openSpool(): number {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-batch-'));
  const path = join(dir, 'stdin');
  const fd = openSync(path, 'w+', 0o600);
  unlinkSync(path);
  rmdirSync(dir);
  return fd;
}

async function* tee(stdin: InputStream, fd: number, done: () => void): AsyncIterable<Buffer> {
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    writeSync(fd, bytes);
    yield bytes;
  }
  done();
}

function readSpool(fd: number): AsyncIterable<Buffer> {
  return createReadStream('', { fd, start: 0, autoClose: false });
}

// Where a batch's rows come from. The check pass reads the input once (NDJSON twice: its keys, then its rows), and
// the send pass reads the spill file, not the input. A file is opened afresh for each read; stdin that must be read
// twice is spooled, as it is first read, to a private temp file that no other process can see, removed at once.
import { closeSync, createReadStream, statSync, writeSync } from 'node:fs';
import { UsageError } from '../../../../errors.js';
import type { InputStream } from '../../../../output/process-streams.js';
import { openNamelessTemp } from './temp-file.js';

export interface BatchSource {
  /** How messages name it: the file name, or "stdin". */
  what: string;
  /** The input's bytes from the start; for spooled stdin, the first call reads stdin and every later one the spool. */
  open(): AsyncIterable<Buffer | string>;
  /** Refuses a file that changed while its rows were checked (they could be a mix of two versions). */
  assertUnchanged(): void;
  close(): void;
}

/** A file, opened afresh for each read. */
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
 * Stdin. Read once when `rereadable` is false (CSV); otherwise (NDJSON) copied as it is read into a nameless temp
 * file (see temp-file.ts) that every later read comes from.
 */
export function stdinSource(stdin: InputStream, rereadable: boolean): BatchSource {
  const spool = rereadable ? openNamelessTemp('stdin') : undefined;
  let state: 'unread' | 'reading' | 'spooled' = 'unread';
  return {
    what: 'stdin',
    open: () => {
      if (state === 'spooled' && spool !== undefined) return readSpool(spool);
      if (state !== 'unread')
        throw new Error('stdin was read again, but it was not spooled or its first read had not ended');
      state = 'reading';
      return spool === undefined ? stdin : tee(stdin, spool, () => (state = 'spooled'));
    },
    assertUnchanged: () => undefined,
    close: () => {
      if (spool !== undefined) closeSync(spool);
    },
  };
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

// The rows to send, as the check pass found them (checked, normalised, digested, planned), written to a nameless temp
// file (see temp-file.ts) one JSON line each: the send pass reads them back without reading, parsing or checking
// the input again, in the same memory for 10 rows or 10 million.
import { closeSync, readSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { StringDecoder } from 'node:string_decoder';
import { UsageError } from '../../../../errors.js';
import type { BatchRow } from './rows.js';
import { openNamelessTemp } from './temp-file.js';

const FLUSH_AT = 1 << 16;
const CHUNK_BYTES = 1 << 16;

export class Spill {
  private pending = '';

  private constructor(private readonly fd: number) {}

  /** A new spill file (read and write); `fd` for one opened elsewhere. */
  static open(fd = openNamelessTemp('rows')): Spill {
    return new Spill(fd);
  }

  add(row: BatchRow): void {
    this.pending += `${JSON.stringify([row.line, row.to, row.digest, row.payload])}\n`;
    if (this.pending.length >= FLUSH_AT) this.flush();
  }

  /**
   * The rows added, in order (call once every row is added). Read in chunks with plain reads at an explicit offset:
   * a page-cached read of 64 KB takes microseconds, and a stream would close the descriptor when a stop ends it early.
   */
  *rows(): Iterable<BatchRow> {
    this.flush();
    const chunk = Buffer.alloc(CHUNK_BYTES);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    let position = 0;
    for (let read = this.read(chunk, position); read > 0; read = this.read(chunk, position)) {
      position += read;
      const text = rest + decoder.write(chunk.subarray(0, read));
      const end = text.lastIndexOf('\n');
      rest = text.slice(end + 1);
      if (end < 0) continue;
      for (const line of text.slice(0, end).split('\n')) yield parseRow(line);
    }
    if (rest !== '') throw spillFailure('it ends in the middle of a row');
  }

  close(): void {
    closeSync(this.fd);
  }

  private read(chunk: Buffer, position: number): number {
    return readSync(this.fd, chunk, 0, chunk.length, position);
  }

  /** Writes every byte or throws: a short write (a disk filling up) must not drop the rows after it unseen. */
  private flush(): void {
    if (this.pending === '') return;
    const bytes = Buffer.from(this.pending);
    this.pending = '';
    try {
      for (let at = 0; at < bytes.length;) {
        const written = writeSync(this.fd, bytes, at);
        if (written === 0) throw new Error('no room left');
        at += written;
      }
    } catch (error) {
      throw spillFailure((error as Error).message);
    }
  }
}

function spillFailure(cause: string): UsageError {
  return new UsageError(
    `Cannot keep the checked rows in a temp file in ${tmpdir()} (${cause}) — free some space there, or set TMPDIR to a folder with room, and run again (rows already sent are in the journal: --resume sends the rest)`,
  );
}

function parseRow(text: string): BatchRow {
  const [line, to, digest, payload] = JSON.parse(text) as [number, string, string, BatchRow['payload']];
  return { line, to, digest, payload };
}

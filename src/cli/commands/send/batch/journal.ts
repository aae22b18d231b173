// The batch journal: one JSON line per event, so a crash loses only rows in flight. A row's `sending` line is written
// to the file (the kernel holds it even if the process is killed) before its request leaves; outcome lines, and the
// `sending` lines of rows started without --rate, are gathered and written once per event-loop turn. fdatasync runs
// every SYNC_EVERY_MS and at the end, so an OS crash or power cut can lose only the last moments. (Waiting for
// fdatasync before every request cost a fifth of the throughput here; see docs/batch.md.)
import {
  closeSync,
  existsSync,
  fdatasync,
  openSync,
  readFileSync,
  readSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { promisify } from 'node:util';
import { UsageError } from '../../../../errors.js';
import type { BatchKind } from './rows.js';
import { CompactRows, MAX_LINE } from './compact-rows.js';
import type { Outcome, RecordedRows, RowState } from './journal-records.js';

const syncData = promisify(fdatasync);
const FORMAT = 'chatbot batch journal';
const SYNC_EVERY_MS = 100;

interface RowRef {
  line: number;
  to: string;
  digest: string;
}

export class Journal {
  /** Lines not yet written (see `beginInTurn` and `finish`), and the rows waiting for their `sending` line. */
  private pending = '';
  private waiting: { resolve(): void; reject(error: unknown): void }[] = [];
  private flushQueued = false;
  /** A write that failed where no caller could be told: thrown by the next `begin`, `beginInTurn` or `close`. */
  private failure: { error: unknown } | undefined;
  private written = 0;
  private synced = 0;
  private syncing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;

  private constructor(
    readonly path: string,
    private readonly fd: number,
  ) {
    this.timer = setInterval(() => void this.durable().catch(() => undefined), SYNC_EVERY_MS);
    this.timer.unref();
  }

  /** Opens the journal for appending (creating it, private, when `earlier` found none) and marks a new run. */
  static open(path: string, kind: BatchKind, earlier: JournalFile | undefined): Journal {
    let fd: number;
    try {
      if (earlier && earlier.completeBytes < earlier.bytes) truncateSync(path, earlier.completeBytes);
      fd = openSync(path, 'a', 0o600);
    } catch (error) {
      throw new UsageError(
        `Cannot write the journal ${path}: ${(error as Error).message} — choose another with --journal PATH`,
      );
    }
    const journal = new Journal(path, fd);
    if (!earlier?.hasHeader) journal.append({ format: FORMAT, version: 1, kind });
    journal.append({ run: new Date().toISOString() });
    return journal;
  }

  /** Records, in the file before it returns, that a row's request is about to leave (with outcomes not yet written). */
  begin(row: RowRef): void {
    if (this.failure) throw this.failure.error;
    this.pending += sendingLine(row);
    this.writePending();
  }

  /**
   * Records that a row's request is about to leave: resolves once its `sending` line is in the file. The lines of
   * rows begun this way in one event-loop turn (and the outcomes not yet written) go out in one write at its end.
   */
  async beginInTurn(row: RowRef): Promise<void> {
    if (this.failure) throw this.failure.error;
    this.pending += sendingLine(row);
    await new Promise<void>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.writeAtEndOfTurn();
    });
  }

  /**
   * Records a row's outcome: written with the next rows begun, or at the end of this event-loop turn at the latest.
   * A process killed in between leaves the row `sending`, which --resume treats as unknown: never sent twice.
   */
  finish(row: RowRef, outcome: Outcome): void {
    this.pending += `${JSON.stringify({ line: row.line, ...outcome })}\n`;
    this.writeAtEndOfTurn();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    try {
      this.writePending();
      if (this.failure) throw this.failure.error;
      await this.durable();
    } finally {
      closeSync(this.fd);
    }
  }

  private writeAtEndOfTurn(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    setImmediate(() => {
      this.flushQueued = false;
      try {
        this.writePending();
      } catch (error) {
        this.failure ??= { error };
      }
    });
  }

  /** Writes the lines not yet written, then lets the rows waiting for theirs go (or tells them the write failed). */
  private writePending(): void {
    const text = this.pending;
    const waiting = this.waiting;
    this.pending = '';
    this.waiting = [];
    try {
      if (text !== '') this.write(text);
    } catch (error) {
      waiting.forEach((row) => row.reject(error));
      throw error;
    }
    waiting.forEach((row) => row.resolve());
  }

  private append(record: Record<string, unknown>): void {
    this.write(`${JSON.stringify(record)}\n`);
  }

  private write(text: string): void {
    writeSync(this.fd, text);
    this.written++;
  }

  private async durable(): Promise<void> {
    const target = this.written;
    while (this.synced < target) {
      this.syncing ??= this.syncNow();
      await this.syncing;
    }
  }

  private async syncNow(): Promise<void> {
    const upTo = this.written;
    try {
      await syncData(this.fd);
      this.synced = upTo;
    } finally {
      this.syncing = undefined;
    }
  }
}

/** What opening the journal for appending needs to know about the file as earlier runs left it. */
export interface JournalFile {
  hasHeader: boolean;
  /** Size of the file, and of its complete lines: a crash mid-write can leave a torn last line. */
  bytes: number;
  completeBytes: number;
}

export interface EarlierRuns extends JournalFile {
  rows: RecordedRows;
}

export interface JournalDetails extends JournalFile {
  /** What the journal last says about each row (each asked for), by line. */
  rows: Map<number, RowState>;
}

/**
 * What earlier runs recorded, in compact form (see CompactRows), or undefined when there is no journal yet. A torn
 * last line (a crash mid-write) is ignored; anything else unreadable is an error.
 */
export function scanJournal(path: string, kind: BatchKind): EarlierRuns | undefined {
  const rows = new CompactRows();
  const file = readRecords(path, kind, (record) => {
    const line = record.line as number;
    if (record.state === 'sending') rows.set(line, 'sending', String(record.digest));
    else if (isOutcome(record.state) && rows.get(line) !== undefined) rows.set(line, record.state);
  });
  return file && { ...file, rows };
}

/** What the journal says about each row (only the `lines` given, when given), in full. */
export function readJournal(path: string, kind: BatchKind, lines?: ReadonlySet<number>): JournalDetails | undefined {
  const rows = new Map<number, RowState>();
  const file = readRecords(path, kind, (record) => {
    if (lines === undefined || lines.has(record.line as number)) applyRecord(rows, record);
  });
  return file && { ...file, rows };
}

const OUTCOMES = ['sent', 'failed', 'unknown'] as const;

function sendingLine(row: RowRef): string {
  return `{"line":${row.line},"to":${JSON.stringify(row.to)},"digest":${JSON.stringify(row.digest)},"state":"sending"}\n`;
}

function isOutcome(state: unknown): state is (typeof OUTCOMES)[number] {
  return OUTCOMES.includes(state as (typeof OUTCOMES)[number]);
}

const CHUNK_BYTES = 1 << 16;

/** Streams the journal's row records to `visit` (checking its header), in chunks: a journal of any size reads in the same memory. */
function readRecords(
  path: string,
  kind: BatchKind,
  visit: (record: Record<string, unknown>) => void,
): JournalFile | undefined {
  if (!existsSync(path)) return undefined;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw unreadable(path, error);
  }
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let bytes = 0;
    let completeBytes = 0;
    let lineNumber = 0;
    let partial = Buffer.alloc(0);
    for (let read = readChunk(fd, chunk, path); read > 0; read = readChunk(fd, chunk, path)) {
      bytes += read;
      const data = partial.length > 0 ? Buffer.concat([partial, chunk.subarray(0, read)]) : chunk.subarray(0, read);
      const end = data.lastIndexOf(0x0a) + 1;
      completeBytes += end;
      for (const content of data.subarray(0, end).toString('utf8').split('\n')) {
        if (content.trim() === '') continue;
        lineNumber++;
        const record = parseRecord(content, path, lineNumber);
        if (lineNumber === 1) checkHeader(record, path, kind);
        else if (typeof record.line === 'number') visit(checkedLine(record, path, lineNumber));
      }
      partial = Buffer.from(data.subarray(end));
    }
    if (lineNumber === 0 && partial.toString('utf8').trim() !== '') {
      throw new UsageError(`${path} is not a chatbot batch journal — pass another --journal`);
    }
    return { hasHeader: lineNumber > 0, bytes, completeBytes };
  } finally {
    closeSync(fd);
  }
}

function readChunk(fd: number, chunk: Buffer, path: string): number {
  try {
    return readSync(fd, chunk, 0, chunk.length, null);
  } catch (error) {
    throw unreadable(path, error);
  }
}

function unreadable(path: string, error: unknown): UsageError {
  return new UsageError(
    `Cannot read the journal ${path}: ${(error as Error).message} — pass a file with --journal PATH`,
  );
}

/** A row's line must be a whole number a row could start on (a bound that also keeps CompactRows small). */
function checkedLine(record: Record<string, unknown>, path: string, lineNumber: number): Record<string, unknown> {
  const line = record.line as number;
  if (Number.isInteger(line) && line > 0 && line < MAX_LINE) return record;
  throw new UsageError(
    `The journal ${path} has an unreadable line ${lineNumber} — it was edited or is not a chatbot journal; pass another --journal`,
  );
}

function parseRecord(content: string, path: string, lineNumber: number): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(content);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  if (lineNumber === 1) throw new UsageError(`${path} is not a chatbot batch journal — pass another --journal`);
  throw new UsageError(
    `The journal ${path} has an unreadable line ${lineNumber} — it was edited or is not a chatbot journal; pass another --journal`,
  );
}

function checkHeader(record: Record<string, unknown>, path: string, kind: BatchKind): void {
  if (record.format !== FORMAT) throw new UsageError(`${path} is not a chatbot batch journal — pass another --journal`);
  if (record.kind !== kind) {
    throw new UsageError(
      `The journal ${path} belongs to a ${String(record.kind)} batch, not a ${kind} batch — pass another --journal`,
    );
  }
}

function applyRecord(rows: Map<number, RowState>, record: Record<string, unknown>): void {
  const line = record.line as number;
  if (record.state === 'sending') {
    rows.set(line, { state: 'sending', to: String(record.to), digest: String(record.digest) });
    return;
  }
  const started = rows.get(line);
  if (!started) return;
  const base = { to: started.to, digest: started.digest };
  if (record.state === 'sent') {
    rows.set(line, { ...base, state: 'sent', ...(typeof record.id === 'string' ? { id: record.id } : {}) });
  } else if (record.state === 'failed') {
    const status = typeof record.status === 'number' ? record.status : null;
    rows.set(line, { ...base, state: 'failed', status, message: String(record.message) });
  } else if (record.state === 'unknown') {
    rows.set(line, { ...base, state: 'unknown', message: String(record.message) });
  }
}

/**
 * Claims the journal for this run with `PATH.lock` (holding the pid), so that two runs of one batch — a resume
 * started while the first run still goes, overlapping cron jobs — cannot both send the rows left. A lock whose
 * process is gone (killed) is taken over. Returns the release function.
 */
export function lockJournal(path: string): () => void {
  const lock = `${path}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) {
        throw new UsageError(
          `Cannot lock the journal ${path} (${(error as Error).message}) — choose another with --journal PATH`,
        );
      }
      const holder = Number(readFileSync(lock, 'utf8'));
      if (isAlive(holder)) {
        throw new UsageError(
          `Another run (pid ${holder}) is using the journal ${path} — wait for it to end; if no such run exists, delete ${lock}`,
        );
      }
      unlinkSync(lock);
    }
  }
  const release = () => {
    process.off('exit', release);
    try {
      unlinkSync(lock);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return release;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

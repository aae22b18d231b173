// Sends batch rows with bounded concurrency and an optional rate ceiling, journalling each row before and after.
import type { Journal } from './journal.js';
import type { Outcome } from './journal-records.js';
import type { BatchRow } from './rows.js';

export interface RunOptions {
  concurrency: number;
  /** Most requests started per second; undefined = no ceiling. */
  rate?: number;
  /** Aborted on Ctrl-C: no new row starts, rows in flight finish. */
  signal: AbortSignal;
  /** After this many rows in a row that could not reach the service, stop: the rest would fail the same way. */
  unreachableLimit: number;
  /** When the first this-many rows all fail with the same answer (a bad key, an unknown template), stop. */
  sameFailureLimit?: number;
  onOutcome(row: BatchRow, outcome: Outcome): void;
  /** Time for --rate; the real one unless a test injects another. */
  clock?: PaceClock;
}

export interface PaceClock {
  /** Milliseconds on a monotonic scale. */
  now(): number;
  /** Resolves after about `ms` (possibly later), or at once when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

const REAL_CLOCK: PaceClock = { now: () => performance.now(), sleep: abortableDelay };

export type SendRow = (row: BatchRow) => Promise<Outcome & { unreachable?: boolean }>;

export type StopReason = 'done' | 'interrupted' | 'unreachable' | 'failing';

/**
 * Runs every row (unless stopped) and says why it ended; outcomes arrive through `onOutcome`. Rows may stream in
 * (an async iterable): each worker takes the next row when it is free, so reading overlaps with sending.
 */
export async function runRows(
  rows: Iterable<BatchRow> | AsyncIterable<BatchRow>,
  send: SendRow,
  journal: Journal,
  options: RunOptions,
): Promise<StopReason> {
  const source = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
  // Set by the workers: the rows ran out; a row was taken but not started (a stop came first); too many unreachable.
  const ended = { exhausted: false, leftOver: false, unreachable: false };
  let unreachableInARow = 0;
  const failing = sameFailures(options.sameFailureLimit ?? Number.POSITIVE_INFINITY);
  const pace = pacer(options.rate, options.signal, options.clock ?? REAL_CLOCK);
  let failure: { error: unknown } | undefined;
  const stopped = () => ended.unreachable || failing.stop || options.signal.aborted || failure !== undefined;

  const worker = async () => {
    while (!ended.exhausted && !failure) {
      let next: IteratorResult<BatchRow>;
      try {
        next = await source.next();
      } catch (error) {
        failure ??= { error };
        return;
      }
      if (next.done === true) {
        ended.exhausted = true;
        return;
      }
      const row = next.value;
      await pace();
      if (stopped()) {
        ended.leftOver = true;
        return;
      }
      try {
        // With --rate, each row's line is written as it starts (its start time is what is paced); without, the lines
        // of the rows starting in one event-loop turn go out in one write, before any of their requests.
        if (options.rate === undefined) await journal.beginInTurn(row);
        else journal.begin(row);
        const { unreachable: notReached, ...outcome } = await send(row);
        journal.finish(row, outcome);
        unreachableInARow = notReached ? unreachableInARow + 1 : 0;
        if (unreachableInARow >= options.unreachableLimit) ended.unreachable = true;
        failing.add(outcome);
        options.onOutcome(row, outcome);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  // A worker that fails (the journal cannot be written, say) stops the others from starting rows, and the error
  // surfaces only once the rows in flight have finished, so that the journal is never closed under them.
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    await source.return?.();
  }
  if (failure) throw failure.error;
  if (ended.exhausted && !ended.leftOver) return 'done';
  if (ended.unreachable) return 'unreachable';
  return failing.stop ? 'failing' : 'interrupted';
}

/** Watches the first outcomes: `stop` once `limit` of them are the same refusal and none was sent. */
function sameFailures(limit: number): { add(outcome: Outcome): void; readonly stop: boolean } {
  let first: string | undefined;
  let count = 0;
  let settled = false;
  let stop = false;
  return {
    add(outcome) {
      if (settled) return;
      const key =
        outcome.state === 'failed' && outcome.status !== null ? `${outcome.status} ${outcome.message}` : undefined;
      if (key === undefined || (first !== undefined && key !== first)) {
        settled = true;
        return;
      }
      first = key;
      count++;
      if (count >= limit) stop = true;
    },
    get stop() {
      return stop;
    },
  };
}

/**
 * Spaces request starts at least 1/rate seconds apart, measured from the previous actual start (a timer that fires
 * late pushes the next start back rather than letting two starts bunch up). Callers take turns; an abort ends a wait.
 */
function pacer(rate: number | undefined, signal: AbortSignal, clock: PaceClock): () => Promise<void> {
  if (rate === undefined) return () => Promise.resolve();
  const gap = 1000 / rate;
  let lastStart = Number.NEGATIVE_INFINITY;
  let turns: Promise<void> = Promise.resolve();
  return () => {
    const turn = turns.then(async () => {
      for (
        let wait = lastStart + gap - clock.now();
        wait > 0 && !signal.aborted;
        wait = lastStart + gap - clock.now()
      ) {
        await clock.sleep(wait, signal);
      }
      lastStart = clock.now();
    });
    turns = turn;
    return turn;
  };
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

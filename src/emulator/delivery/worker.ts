// Delivers queued webhook events: at least once, retried with backoff, never on the request's path. The table is the
// truth; an in-memory timetable (delivery/timetable.ts) says what is due, fed by primary-key reads of rows added since the
// last look, so neither depends on how many rows are pending.
import type { Store } from '../store/db.js';
import { ReceiverPools, type Deadline, type ReceiverAnswer } from './http-post.js';
import { DeliveryReport } from './report.js';
import { DeliveryTimetable, type QueuedDelivery } from './timetable.js';
import type { AttemptRecord } from './attempt-record.js';

export const RETRY_BASE_MS = 500;
export const RETRY_CAP_MS = 30_000;
export const ATTEMPT_TIMEOUT_MS = 5_000;
export const MAX_ATTEMPTS = 15;
export const POLL_INTERVAL_MS = 200;
/** Deliveries of one device at once (one per chat); devices do not share a limit. */
export const PER_DEVICE = 64;

interface NewRow {
  id: number;
  device_id: string;
  /** json_extract gives the JSON value's own type: a number for a numeric chat. */
  chat: string | number | null;
  next_at: number;
}

interface Outcome {
  delivery: QueuedDelivery;
  url: string;
  attempts: number;
  /** Why the attempt failed; undefined when the receiver accepted the event. */
  error: string | undefined;
  /** The receiver's status line, when an answer came. */
  httpStatus: number | undefined;
  /** Real milliseconds from sending to the answer or the failure (not the emulator's clock, which may be a test's). */
  latencyMs: number;
  payload: string;
  /** The headers the event was posted with. */
  headers: Record<string, string>;
  /** What the receiver answered, when it did. */
  answer: ReceiverAnswer | undefined;
}

interface AttemptRow {
  url: string;
  payload: string;
  attempts: number;
}

/** Wait before the next attempt after `failures` failed ones: 0.5 s, 1 s, 2 s, ... capped at 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

export interface WorkerOptions {
  /** Hears about failing deliveries: a summary while retrying, one line per delivery given up. */
  log?: (line: string) => void;
  /** While writes are not yet committed, a promise of their commit: the worker waits, so it never posts an event
   * whose transaction could still be lost. */
  uncommitted?: () => Promise<void> | undefined;
  /** Hears every attempt once its outcome is written (the attempt log, the live events). */
  onAttempt?: (attempt: AttemptRecord) => void;
  /** The attempts' deadline, on the same clock as `now` where a test drives it (default: real time). */
  deadline?: Deadline;
}

export class WebhookWorker {
  private timetable = new DeliveryTimetable(PER_DEVICE);
  private readonly pools = new ReceiverPools(PER_DEVICE);
  private readonly inFlight = new Map<number, AbortController>();
  private readonly settled = new Set<Promise<void>>();
  /** Ended attempts not yet written to the table. */
  private readonly outcomes: Outcome[] = [];
  /** Highest queue id already in the timetable. */
  private seen = 0;
  private timer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryTimerAt = Infinity;
  private pumpQueued = false;
  private closed = false;
  /** Counts resets: an attempt started before the last one has nothing left to record. */
  private generation = 0;
  private readonly report: DeliveryReport | undefined;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
    private readonly options: WorkerOptions = {},
  ) {
    this.report = options.log ? new DeliveryReport(options.log) : undefined;
  }

  start(): void {
    this.timer = setInterval(() => this.pump(), POLL_INTERVAL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Looks for new and due deliveries soon (after the current reply has been written). */
  kick(): void {
    if (this.closed || this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      this.pump();
    });
  }

  /** Stops; attempts in flight are aborted and stay queued, so they are retried after the next start. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    clearTimeout(this.retryTimer);
    for (const controller of this.inFlight.values()) controller.abort();
    await Promise.allSettled([...this.settled]);
    this.recordOutcomes();
    this.pools.close();
    this.report?.close();
  }

  /**
   * The store was wiped (emulator reset): forgets the deliveries in memory and aborts their attempts, so nothing is
   * sent, retried or logged for rows that are gone. Queue ids keep growing (AUTOINCREMENT), so reading goes on from
   * where it was.
   */
  reset(): void {
    this.generation += 1;
    for (const controller of this.inFlight.values()) controller.abort();
    this.outcomes.length = 0;
    this.timetable = new DeliveryTimetable(PER_DEVICE);
    clearTimeout(this.retryTimer);
    this.retryTimerAt = Infinity;
  }

  /** The store was replaced (an import): as after a reset, then every pending delivery is read again. */
  reload(): void {
    this.reset();
    this.seen = 0;
    this.kick();
  }

  private pump(): void {
    if (this.closed) return;
    const commit = this.options.uncommitted?.();
    if (commit) {
      commit.then(
        () => this.kick(),
        () => this.kick(),
      );
      return;
    }
    try {
      this.readNewRows();
    } catch {
      // The rows stay in the table; the next look reads them.
    }
    const now = this.now();
    this.timetable.releaseDue(now);
    for (const delivery of this.timetable.take()) this.launch(delivery);
    this.armRetryTimer(now);
  }

  /**
   * Rows added since the last look (a primary-key range: `+state` keeps SQLite from reading every pending row through
   * the state index instead). Ids are never reused (AUTOINCREMENT, kept by a reset), so when the newest rows were
   * deleted (a reset, a device's deletion) nothing below `seen` is new: read nothing again.
   */
  private readNewRows(): void {
    const newest = (this.store.sql('SELECT MAX(id) AS id FROM deliveries').get() as { id: number | null }).id ?? 0;
    if (newest <= this.seen) return;
    const rows = this.store
      .sql(
        `SELECT id, device_id, json_extract(payload, '$.chat') AS chat, next_at FROM deliveries
         WHERE id > ? AND +state = 'pending' ORDER BY id`,
      )
      .all(this.seen) as NewRow[];
    const now = this.now();
    for (const row of rows) {
      this.timetable.add({ id: row.id, device: row.device_id, chat: String(row.chat ?? ''), dueAt: row.next_at }, now);
    }
    this.seen = newest;
  }

  private armRetryTimer(now: number): void {
    const at = this.timetable.nextRetryAt;
    if (at === undefined || at >= this.retryTimerAt) return;
    clearTimeout(this.retryTimer);
    this.retryTimerAt = at;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimerAt = Infinity;
        this.pump();
      },
      Math.max(0, at - now),
    );
    this.retryTimer.unref();
  }

  private launch(delivery: QueuedDelivery): void {
    let row: AttemptRow | undefined;
    try {
      row = this.store
        .sql("SELECT url, payload, attempts FROM deliveries WHERE id = ? AND state = 'pending'")
        .get(delivery.id) as AttemptRow | undefined;
    } catch {
      this.timetable.finish(delivery, this.now() + RETRY_BASE_MS);
      return;
    }
    // Gone (device deleted, emulator reset) or settled meanwhile: nothing to send.
    if (!row) {
      this.timetable.finish(delivery, undefined);
      return;
    }
    const controller = new AbortController();
    this.inFlight.set(delivery.id, controller);
    const attempt = this.attempt(delivery, row, controller.signal, this.generation).finally(() => {
      this.inFlight.delete(delivery.id);
      this.settled.delete(attempt);
      this.kick();
    });
    this.settled.add(attempt);
  }

  private async attempt(
    delivery: QueuedDelivery,
    row: AttemptRow,
    signal: AbortSignal,
    generation: number,
  ): Promise<void> {
    let error: string | undefined;
    let httpStatus: number | undefined;
    let answer: ReceiverAnswer | undefined;
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'chatbot-emulator',
      'x-emulator-delivery': String(delivery.id),
      'x-emulator-attempt': String(row.attempts + 1),
    };
    const started = performance.now();
    try {
      answer = await this.pools.post(delivery.device, row.url, row.payload, {
        headers,
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        signal,
        deadline: this.options.deadline,
      });
      const status = answer.status;
      httpStatus = status;
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    const latencyMs = performance.now() - started;
    if (this.closed || generation !== this.generation) return;
    const attempts = row.attempts + 1;
    this.outcomes.push({
      delivery,
      url: row.url,
      attempts,
      error,
      httpStatus,
      latencyMs,
      payload: row.payload,
      headers,
      answer,
    });
    if (this.outcomes.length === 1) setImmediate(() => this.recordOutcomes());
  }

  /** Writes the outcomes of the attempts that ended since the last time in one transaction, then frees their chats. */
  private recordOutcomes(): void {
    const outcomes = this.outcomes.splice(0);
    if (outcomes.length === 0) return;
    let retries: Array<number | undefined>;
    try {
      retries = this.store.tx(() =>
        outcomes.map((outcome) => this.record(outcome.delivery.id, outcome.attempts, outcome.error)),
      );
    } catch {
      // Not recorded: the deliveries stay pending and are attempted again (at least once).
      const retryAt = this.now() + RETRY_BASE_MS;
      retries = outcomes.map(() => retryAt);
    }
    const at = this.now();
    outcomes.forEach(({ delivery, url, attempts, error, httpStatus, latencyMs, payload, headers, answer }, i) => {
      const retryAt = retries[i];
      this.timetable.finish(delivery, retryAt);
      this.options.onAttempt?.({
        delivery: delivery.id,
        device: delivery.device,
        attempt: attempts,
        at,
        httpStatus,
        latencyMs,
        error,
        retryAt,
        payload,
        url,
        headers,
        answer,
      });
      if (error === undefined) return;
      const failure = { id: delivery.id, device: delivery.device, url, error, attempts };
      if (retryAt === undefined) this.report?.gaveUp(failure);
      else this.report?.willRetry(failure);
    });
    this.kick();
  }

  /** Writes one outcome (inside recordOutcomes' transaction); returns when to try again, if ever. */
  private record(id: number, attempts: number, error: string | undefined): number | undefined {
    const now = this.now();
    if (error === undefined) {
      this.store
        .sql(
          "UPDATE deliveries SET state = 'delivered', attempts = ?, delivered_at = ?, last_error = NULL WHERE id = ?",
        )
        .run(attempts, now, id);
      return undefined;
    }
    const retryAt = attempts >= MAX_ATTEMPTS ? undefined : now + retryDelay(attempts);
    this.store
      .sql('UPDATE deliveries SET state = ?, attempts = ?, next_at = ?, last_error = ? WHERE id = ?')
      .run(retryAt === undefined ? 'failed' : 'pending', attempts, retryAt ?? now, error.slice(0, 500), id);
    return retryAt;
  }
}

// Delivers queued webhook events: at least once, retried with backoff, never on the request's path.
import type { Store } from '../store/db.js';
import { postBody } from './http-post.js';

export const RETRY_BASE_MS = 500;
export const RETRY_CAP_MS = 30_000;
export const ATTEMPT_TIMEOUT_MS = 5_000;
export const MAX_ATTEMPTS = 15;
export const POLL_INTERVAL_MS = 200;
export const CONCURRENCY = 8;

interface DeliveryRow {
  id: number;
  device_id: string;
  url: string;
  payload: string;
  attempts: number;
}

/** Wait before the next attempt after `failures` failed ones: 0.5 s, 1 s, 2 s, ... capped at 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

export class WebhookWorker {
  private readonly inFlight = new Map<number, AbortController>();
  private readonly busyDevices = new Set<string>();
  private readonly settled = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private scanQueued = false;
  private closed = false;

  constructor(private readonly store: Store, private readonly now: () => number = Date.now) {}

  start(): void {
    this.timer = setInterval(() => this.scan(), POLL_INTERVAL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Looks for due deliveries soon (after the current reply has been written). */
  kick(): void {
    if (this.closed || this.scanQueued) return;
    this.scanQueued = true;
    setImmediate(() => {
      this.scanQueued = false;
      this.scan();
    });
  }

  /** Stops; attempts in flight are aborted and stay queued, so they are retried after the next start. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    for (const controller of this.inFlight.values()) controller.abort();
    await Promise.allSettled([...this.settled]);
  }

  private scan(): void {
    try {
      this.launchDue();
    } catch {
      // The queue stays in the database; the next scan picks it up again.
    }
  }

  private launchDue(): void {
    if (this.closed || this.inFlight.size >= CONCURRENCY) return;
    // The oldest due delivery of each device (SQLite takes the bare columns from the MIN(id) row), so a device with
    // a long backlog cannot hide other devices' events.
    const due = this.store
      .sql(
        `SELECT MIN(id) AS id, device_id, url, payload, attempts FROM deliveries
         WHERE state = 'pending' AND next_at <= ? GROUP BY device_id ORDER BY id LIMIT 256`,
      )
      .all(this.now()) as DeliveryRow[];
    for (const row of due) {
      if (this.inFlight.size >= CONCURRENCY) break;
      if (this.inFlight.has(row.id) || this.busyDevices.has(row.device_id)) continue;
      this.launch(row);
    }
  }

  private launch(row: DeliveryRow): void {
    const controller = new AbortController();
    this.inFlight.set(row.id, controller);
    this.busyDevices.add(row.device_id);
    const attempt = this.attempt(row, controller.signal).finally(() => {
      this.inFlight.delete(row.id);
      this.busyDevices.delete(row.device_id);
      this.settled.delete(attempt);
      this.kick();
    });
    this.settled.add(attempt);
  }

  private async attempt(row: DeliveryRow, signal: AbortSignal): Promise<void> {
    let error: string | undefined;
    try {
      const status = await postBody(row.url, row.payload, {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'chatbot-emulator',
          'x-emulator-delivery': String(row.id),
          'x-emulator-attempt': String(row.attempts + 1),
        },
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        signal,
      });
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    if (this.closed) return;
    try {
      this.record(row, error);
    } catch {
      // Not recorded: the delivery stays pending and is attempted again (at least once).
    }
  }

  private record(row: DeliveryRow, error: string | undefined): void {
    const attempts = row.attempts + 1;
    const now = this.now();
    if (error === undefined) {
      this.store.sql("UPDATE deliveries SET state = 'delivered', attempts = ?, delivered_at = ?, last_error = NULL WHERE id = ?").run(attempts, now, row.id);
      return;
    }
    const state = attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
    this.store
      .sql('UPDATE deliveries SET state = ?, attempts = ?, next_at = ?, last_error = ? WHERE id = ?')
      .run(state, attempts, now + retryDelay(attempts), error.slice(0, 500), row.id);
  }
}

// Forwards each event to the user's URL: first attempt at once, failures retried with bounded backoff, the
// undeliverable remembered for the summary. The sender of the event never waits for any of this.
import type { ForwardOutcome } from '../api/forward.js';
import type { ReceivedEvent } from './event.js';

/** Waits between attempts: 5 attempts over about 7.5 s, so a restarting dev server is caught without piling up. */
export const RETRY_DELAYS_MS: readonly number[] = [500, 1000, 2000, 4000];

export type Verdict = 'delivered' | 'retrying' | 'failed';

export interface AttemptReport {
  event: ReceivedEvent;
  /** 1 for the first attempt. */
  attempt: number;
  outcome: ForwardOutcome;
  verdict: Verdict;
  /** Set when verdict is 'retrying'. */
  retryInMs?: number;
  /** Set when verdict is 'failed': why the event was given up. */
  reason?: string;
}

export interface Undelivered {
  event: ReceivedEvent;
  attempts: number;
  reason: string;
}

export interface ForwardQueueOptions {
  send: (event: ReceivedEvent, signal: AbortSignal) => Promise<ForwardOutcome>;
  delaysMs?: readonly number[];
  onAttempt?: (report: AttemptReport) => void;
}

/** A 5xx, 408 or 429 answer, or no answer at all, may go away on its own; any other non-2xx will not. */
export function isRetriable(outcome: ForwardOutcome): boolean {
  if (!('status' in outcome)) return true;
  return outcome.status >= 500 || outcome.status === 408 || outcome.status === 429;
}

export function describeOutcome(outcome: ForwardOutcome): string {
  return 'status' in outcome ? `HTTP ${outcome.status}` : outcome.failure;
}

const delivered = (outcome: ForwardOutcome) => 'status' in outcome && outcome.status >= 200 && outcome.status <= 299;

export class ForwardQueue {
  forwarded = 0;
  readonly undelivered: Undelivered[] = [];
  private readonly delays: readonly number[];
  private readonly active = new Set<Promise<void>>();
  private readonly wakers = new Set<() => void>();
  private readonly abort = new AbortController();
  private stopping = false;

  constructor(private readonly options: ForwardQueueOptions) {
    this.delays = options.delaysMs ?? RETRY_DELAYS_MS;
  }

  /** Deliveries still being attempted or waiting for a retry. */
  get pending(): number {
    return this.active.size;
  }

  /** Starts delivering `event`; resolves with the report of the first attempt (retries go on afterwards). */
  forward(event: ReceivedEvent): Promise<AttemptReport> {
    let first!: (report: AttemptReport) => void;
    const firstReport = new Promise<AttemptReport>((resolve) => (first = resolve));
    const run = this.deliver(event, first).finally(() => this.active.delete(run));
    this.active.add(run);
    return firstReport;
  }

  /**
   * Stops retrying: every delivery waiting for its next attempt gets one last attempt now, all get at most
   * `flushMs` to finish, then what is still in flight is aborted and counted as undelivered.
   */
  async stop(flushMs: number): Promise<void> {
    this.stopping = true;
    for (const wake of [...this.wakers]) wake();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, flushMs)));
    await Promise.race([Promise.allSettled([...this.active]), deadline]);
    clearTimeout(timer);
    this.abort.abort();
    await Promise.allSettled([...this.active]);
  }

  private async deliver(event: ReceivedEvent, first: (report: AttemptReport) => void): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const startedWhileStopping = this.stopping;
      const outcome = await this.attempt(event);
      const report = this.judge(event, attempt, outcome, startedWhileStopping || this.abort.signal.aborted);
      if (attempt === 1) first(report);
      this.options.onAttempt?.(report);
      if (report.verdict !== 'retrying') return;
      await this.sleep(report.retryInMs ?? 0);
    }
  }

  private async attempt(event: ReceivedEvent): Promise<ForwardOutcome> {
    try {
      return await this.options.send(event, this.abort.signal);
    } catch (error) {
      return { failure: error instanceof Error ? error.message : String(error) };
    }
  }

  private judge(event: ReceivedEvent, attempt: number, outcome: ForwardOutcome, lastChance: boolean): AttemptReport {
    if (delivered(outcome)) {
      this.forwarded += 1;
      return { event, attempt, outcome, verdict: 'delivered' };
    }
    const delay = this.delays[attempt - 1];
    const why = describeOutcome(outcome);
    if (!isRetriable(outcome) || delay === undefined || lastChance) {
      const reason = isRetriable(outcome)
        ? `${why} after ${attempt} attempt${attempt === 1 ? '' : 's'}`
        : `${why} (not retried)`;
      this.undelivered.push({ event, attempts: attempt, reason });
      return { event, attempt, outcome, verdict: 'failed', reason };
    }
    return { event, attempt, outcome, verdict: 'retrying', retryInMs: this.stopping ? 0 : delay };
  }

  /** Waits before a retry; stop() cuts the wait short. */
  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }
}

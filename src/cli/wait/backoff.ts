// Polling with a growing delay, a deadline, and an abort signal (Ctrl-C).

export interface Backoff {
  firstMs: number;
  maxMs: number;
  factor: number;
}

/** 0.5 s growing by half each time up to 3 s: quick when the phone is fast, gentle when it is not. */
export const DEFAULT_BACKOFF: Backoff = { firstMs: 500, maxMs: 3000, factor: 1.5 };

/** The delay that follows `previous` (the first delay when there is none). */
export function nextDelay(previous: number | undefined, backoff: Backoff = DEFAULT_BACKOFF): number {
  if (previous === undefined) return backoff.firstMs;
  return Math.min(Math.round(previous * backoff.factor), backoff.maxMs);
}

export type PollOutcome<T> = { outcome: 'done'; value: T } | { outcome: 'timeout' } | { outcome: 'interrupted' };

export interface PollOptions<T> {
  /** One check: a value ends the wait, undefined means "not yet". */
  attempt: () => Promise<T | undefined>;
  timeoutMs: number;
  signal: AbortSignal;
  backoff?: Backoff;
  now?: () => number;
}

/** Resolves when `signal` aborts (never rejects). */
export function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** Waits `ms`, or less when `signal` aborts first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Calls `attempt` until it gives a value, the time runs out, or the signal aborts; the last check is at the deadline. */
export async function pollUntil<T>(options: PollOptions<T>): Promise<PollOutcome<T>> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  const stopped = aborted(options.signal).then(() => undefined);
  // A function, not a property read: the signal aborts during the awaits, which TypeScript's narrowing does not see.
  const interrupted = () => options.signal.aborted;
  let delay: number | undefined;
  for (;;) {
    const value = await Promise.race([options.attempt(), stopped]);
    if (interrupted()) return { outcome: 'interrupted' };
    if (value !== undefined) return { outcome: 'done', value };
    const left = deadline - now();
    if (left <= 0) return { outcome: 'timeout' };
    delay = nextDelay(delay, options.backoff);
    await sleep(Math.min(delay, left), options.signal);
    if (interrupted()) return { outcome: 'interrupted' };
  }
}

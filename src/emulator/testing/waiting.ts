// Waiting in the user's tests for what the device sends or what its webhook gets: checked at once, then again at each
// live event of the emulator (no polling), until a limit.
import type { LiveEvent } from '../control/types.js';

export interface WaitOptions {
  /** How long to wait before failing; default 5000 ms. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;

/** What to wait for: the list `read` gives, which item `fits`, and `what` it is for the error. */
export interface Wanted<T> {
  follow: (signal: AbortSignal) => Promise<AsyncGenerator<LiveEvent>>;
  read: () => Promise<T[]>;
  fits: (item: T) => boolean;
  what: string;
}

/** The first item that fits, read now and after each live event; rejects after the limit saying how many were there. */
export async function waitForItem<T>({ follow, read, fits, what }: Wanted<T>, options: WaitOptions): Promise<T> {
  const limit = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), limit);
  let seen: T[] = [];
  const check = async () => {
    seen = await read();
    return seen.find(fits);
  };
  try {
    const events = await follow(stop.signal);
    let found = await check();
    while (found === undefined && !(await events.next()).done) found = await check();
    if (found !== undefined) return found;
  } catch (error) {
    if (!stop.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    stop.abort();
  }
  throw new Error(`No ${what} within ${limit} ms (${seen.length} there, none that fits)`);
}

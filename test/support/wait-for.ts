// The one way tests wait for a condition: poll a probe until it holds, with a generous deadline as a safety net.

/** Time as `waitFor` sees it; tests of the helper inject one. */
export interface WaitClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface WaitOptions {
  /** What is awaited, as the timeout message names it (a function to describe the state at the time it fails). */
  what: string | (() => string);
  /** The safety net (default 15 s), multiplied by CHATBOT_TEST_TIMEOUT_SCALE; never an assertion. */
  timeoutMs?: number;
  intervalMs?: number;
  /** Checked after each unsuccessful probe: a reason stops the wait at once (e.g. the process exited). */
  giveUp?: () => string | undefined;
  clock?: WaitClock;
}

/** What a truthy probe result can be. */
export type Truthy<T> = Exclude<T, false | 0 | 0n | '' | null | undefined>;

const realClock: WaitClock = { now: () => Date.now(), sleep: pause };

/** The factor CHATBOT_TEST_TIMEOUT_SCALE gives every safety-net time limit of the tests (1 when unset). */
export function timeoutScale(): number {
  const scale = Number(process.env.CHATBOT_TEST_TIMEOUT_SCALE);
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}

/**
 * Polls `probe` until it returns a truthy value and returns it. A probe that throws is tried again; on timeout the
 * error names what was awaited and the last value or error seen.
 */
export async function waitFor<T>(probe: () => T | Promise<T>, options: WaitOptions): Promise<Truthy<T>> {
  const { intervalMs = 25, giveUp, clock = realClock } = options;
  const what = () => (typeof options.what === 'string' ? options.what : options.what());
  const timeoutMs = (options.timeoutMs ?? 15_000) * timeoutScale();
  const deadline = clock.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as Truthy<T>;
      last = value;
    } catch (error) {
      last = error;
    }
    const reason = giveUp?.();
    if (reason !== undefined) throw new Error(`gave up waiting for ${what()}: ${reason}`);
    if (clock.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what()}; last seen: ${describe(last)}`);
    await clock.sleep(intervalMs);
  }
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  // JSON.stringify gives undefined for undefined, a function or a symbol; its declared type says string.
  const json = JSON.stringify(value) as string | undefined;
  return json ?? String(value);
}

/** Lets real time pass; only for waits whose subject is time itself (an expiry), not a condition. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

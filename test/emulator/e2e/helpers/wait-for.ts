export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  what?: string;
}

/** Polls `probe` until it returns a truthy value or the deadline passes; never a fixed sleep. */
export async function waitFor<T>(probe: () => T | Promise<T>, options: WaitOptions = {}): Promise<NonNullable<T>> {
  const { timeoutMs = 10_000, intervalMs = 25, what = 'condition' } = options;
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last: ${describe(last)}`);
    await pause(intervalMs);
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

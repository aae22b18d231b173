// What the emulator says about failing webhook deliveries: one line per delivery given up, and while deliveries are
// being retried a summary every few seconds (not a line per attempt, which a dead receiver would turn into a flood).

export const SUMMARY_MS = 5_000;

export interface FailedAttempt {
  id: number;
  device: string;
  url: string;
  error: string;
  attempts: number;
}

/** The receiver's address without query or credentials, which may carry a token. */
export function receiverAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

export class DeliveryReport {
  private readonly retrying = new Map<string, { count: number; error: string }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly log: (line: string) => void) {}

  gaveUp(failure: FailedAttempt): void {
    this.log(
      `webhook: gave up on delivery ${failure.id} of ${failure.device} to ${receiverAddress(failure.url)} after ` +
        `${failure.attempts} attempts; last error: ${failure.error}`,
    );
  }

  willRetry(failure: FailedAttempt): void {
    const key = `${failure.device} → ${receiverAddress(failure.url)}`;
    const entry = this.retrying.get(key) ?? { count: 0, error: '' };
    entry.count += 1;
    entry.error = failure.error;
    this.retrying.set(key, entry);
    if (this.timer) return;
    this.timer = setTimeout(() => this.summarize(), SUMMARY_MS);
    this.timer.unref();
  }

  close(): void {
    clearTimeout(this.timer);
    this.summarize();
  }

  private summarize(): void {
    this.timer = undefined;
    if (this.retrying.size === 0) return;
    let total = 0;
    const parts: string[] = [];
    for (const [key, { count, error }] of this.retrying) {
      total += count;
      parts.push(`${key}: ${count} × ${error}`);
    }
    this.retrying.clear();
    this.log(
      `webhook: ${total} failed attempt${total === 1 ? '' : 's'} in the last ${SUMMARY_MS / 1000} s, to be retried (${parts.join('; ')})`,
    );
  }
}

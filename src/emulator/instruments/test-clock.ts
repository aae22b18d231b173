// The emulator's time: real time by default; the control API can set it or move it forward (a test clock).

export class TestClock {
  private offset = 0;

  constructor(private readonly real: () => number = Date.now) {}

  /** Current emulator time in epoch ms. */
  now(): number {
    return this.real() + this.offset;
  }

  /** Whether the clock was moved away from real time. */
  get moved(): boolean {
    return this.offset !== 0;
  }

  /** From now on the clock reads `at` and keeps running from there. */
  set(at: number): void {
    this.offset = at - this.real();
  }

  /** Moves the clock forward (never back) by `ms`. */
  advance(ms: number): void {
    this.offset += ms;
  }

  /** Back to real time. */
  reset(): void {
    this.offset = 0;
  }
}

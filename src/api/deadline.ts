// The time a command may spend on the service (`--timeout`): one budget for all of its requests and their retries.

/** A deadline that starts at its first use (the first request, not start-up or prompts) and never moves. */
export class Deadline {
  private endsAt?: number;

  constructor(
    /** The whole budget, in milliseconds. */
    readonly budgetMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds left (0 once passed); the first call starts the clock. */
  remaining(): number {
    this.endsAt ??= this.now() + this.budgetMs;
    return Math.max(0, this.endsAt - this.now());
  }

  /**
   * Runs local work between two requests (drawing a QR code) off the clock: the deadline moves by the time it took, so
   * a slow machine spends the budget meant for the service on no work of the service's.
   */
  async aside<T>(work: () => Promise<T>): Promise<T> {
    const started = this.now();
    try {
      return await work();
    } finally {
      if (this.endsAt !== undefined) this.endsAt += this.now() - started;
    }
  }
}

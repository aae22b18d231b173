// Work to finish before a run ends (closing keep-alive connections), registered by whoever opened it.
export class ShutdownHooks {
  private readonly hooks: (() => Promise<void>)[] = [];

  add(hook: () => Promise<void>): void {
    this.hooks.push(hook);
  }

  /** Runs and clears every registered hook. */
  async run(): Promise<void> {
    const pending = this.hooks.splice(0);
    await Promise.allSettled(pending.map((hook) => hook()));
  }
}

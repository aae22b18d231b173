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

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Runs `load` (an import) and takes back SIGINT and SIGTERM from the listeners it added to the process: the config's
 * atomic writes (conf → atomically → when-exit) add ones that kill the process at the first Ctrl-C, before a
 * long-running command (`dev`, `listen`) could stop what it started. Their cleanup on exit stays.
 */
export async function withoutSignalTakeover<T>(load: () => Promise<T>): Promise<T> {
  const before = new Map(STOP_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const loaded = await load();
  for (const signal of STOP_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.off(signal, listener);
    }
  }
  return loaded;
}

// Work to finish before the process ends (closing keep-alive connections), registered by whoever opened it.
const hooks: (() => Promise<void>)[] = [];

export function onShutdown(hook: () => Promise<void>): void {
  hooks.push(hook);
}

/** Runs and clears every registered hook. */
export async function shutdown(): Promise<void> {
  const pending = hooks.splice(0);
  await Promise.allSettled(pending.map((hook) => hook()));
}

// Conversations run up to `parallel` at a time, in the order given; one that moves the emulator's clock (shared by
// every conversation) runs alone, so that no other conversation sees its time jump.
export interface PoolOptions<T> {
  parallel: number;
  /** Whether the item must run with nothing else running. */
  alone(item: T): boolean;
  /** A reason to start no more items (--bail after a failure, Ctrl-C), or undefined to go on. */
  stopReason(): string | undefined;
}

/** Runs every item (or skips it once stopped), calling `done` with each result as it comes; resolves in order. */
export async function runPool<T, R>(
  items: readonly T[],
  options: PoolOptions<T>,
  run: (item: T) => Promise<R>,
  skip: (item: T, reason: string) => R,
  done: (index: number, result: R) => void,
): Promise<R[]> {
  const results: R[] = [];
  const running = new Set<Promise<void>>();
  const finish = (index: number, result: R) => {
    results[index] = result;
    done(index, result);
  };
  for (const [index, item] of items.entries()) {
    if (options.alone(item)) await Promise.all(running);
    while (running.size >= options.parallel) await Promise.race(running);
    const reason = options.stopReason();
    if (reason !== undefined) {
      finish(index, skip(item, reason));
      continue;
    }
    const task: Promise<void> = run(item)
      .then((result) => finish(index, result))
      .finally(() => running.delete(task));
    running.add(task);
    if (options.alone(item)) await task;
  }
  await Promise.all(running);
  return results;
}

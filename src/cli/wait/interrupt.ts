// Ctrl-C while waiting: the first SIGINT aborts the wait instead of killing the process, so the command can say
// what state it leaves behind before it exits 130.

export interface SignalSource {
  on(event: 'SIGINT', listener: () => void): unknown;
  off(event: 'SIGINT', listener: () => void): unknown;
}

export interface InterruptCatcher {
  readonly signal: AbortSignal;
  /** Restores the default Ctrl-C behaviour. */
  release(): void;
}

/** Turns SIGINT into an AbortSignal until released. */
export function catchInterrupt(source: SignalSource = process): InterruptCatcher {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  source.on('SIGINT', onSigint);
  return { signal: controller.signal, release: () => source.off('SIGINT', onSigint) };
}

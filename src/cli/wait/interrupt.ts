// Ctrl-C (or SIGTERM) in a long command: the first one aborts what the command is doing instead of killing the
// process, so that it can finish cleanly and say what state it leaves behind; the next one ends the process as usual.

export type StopSignal = 'SIGINT' | 'SIGTERM';

/** Where the signals come from: the process, or an EventEmitter in tests. */
export interface SignalSource {
  on(event: StopSignal, listener: () => void): unknown;
  off(event: StopSignal, listener: () => void): unknown;
}

export interface InterruptCatcher {
  /** Aborted at the first SIGINT or SIGTERM. */
  readonly signal: AbortSignal;
  /** Stops catching (idempotent): the default behaviour of both signals is back. */
  release(): void;
}

/** Turns the first SIGINT or SIGTERM from `source` into an abort (calling `onInterrupt` first), then releases. */
export function catchInterrupt(source: SignalSource, onInterrupt?: () => void): InterruptCatcher {
  const controller = new AbortController();
  const stop = () => {
    release();
    onInterrupt?.();
    controller.abort();
  };
  const release = () => {
    source.off('SIGINT', stop);
    source.off('SIGTERM', stop);
  };
  source.on('SIGINT', stop);
  source.on('SIGTERM', stop);
  return { signal: controller.signal, release };
}

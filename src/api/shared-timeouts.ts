// Timeout signals for requests: one timer and signal shared by the requests whose time runs out at about the same
// moment, instead of a timer and a signal each (a batch starts thousands a second; AbortSignal.timeout's timer and
// signal live until the timeout passes, long after the request ended).
import { setMaxListeners } from 'node:events';

/** Requests ending within the same hundredth of their time share a signal. */
const GRAINS = 100;

/** Real time and real timeout signals; tests inject their own. */
export interface TimeoutClock {
  /** Milliseconds on a monotonic scale. */
  now(): number;
  /** A signal aborted after `ms` (a whole number) milliseconds. */
  timeout(ms: number): AbortSignal;
}

const REAL_CLOCK: TimeoutClock = { now: () => performance.now(), timeout: (ms) => AbortSignal.timeout(ms) };

export class SharedTimeouts {
  private current: { endsAt: number; signal: AbortSignal } | undefined;

  constructor(private readonly clock: TimeoutClock = REAL_CLOCK) {}

  /**
   * A signal aborted `ms` from now, or up to a hundredth of `ms` (and a millisecond) sooner: ends are rounded down to
   * that grain, so that requests started close together get the same signal.
   */
  signal(ms: number): AbortSignal {
    const grain = Math.max(1, Math.floor(ms / GRAINS));
    const now = this.clock.now();
    const endsAt = Math.floor((now + ms) / grain) * grain;
    if (this.current?.endsAt !== endsAt || this.current.signal.aborted) {
      const signal = this.clock.timeout(Math.max(0, Math.floor(endsAt - now)));
      // Every request in flight listens to it: no leak warning past ten listeners.
      setMaxListeners(0, signal);
      this.current = { endsAt, signal };
    }
    return this.current.signal;
  }
}

import { describe, expect, it } from 'vitest';
import { SharedTimeouts, type TimeoutClock } from '../../src/api/shared-timeouts.js';

/** A clock whose time the test sets, recording every timeout asked for (the signals it hands out abort on demand). */
function fakeClock(): TimeoutClock & { at: number; asked: number[]; controllers: AbortController[] } {
  const clock = {
    at: 0,
    asked: [] as number[],
    controllers: [] as AbortController[],
    now: () => clock.at,
    timeout: (ms: number) => {
      clock.asked.push(ms);
      const controller = new AbortController();
      clock.controllers.push(controller);
      return controller.signal;
    },
  };
  return clock;
}

describe('SharedTimeouts (the batch request path: one timer and signal for requests ending together)', () => {
  it('hands requests ending within the same hundredth of the timeout the same signal, and a later one a new one', () => {
    const clock = fakeClock();
    const timeouts = new SharedTimeouts(clock);
    clock.at = 900;
    const first = timeouts.signal(30_000);
    clock.at = 1_199;
    expect(timeouts.signal(30_000)).toBe(first);
    clock.at = 1_200;
    expect(timeouts.signal(30_000)).not.toBe(first);
    expect(clock.asked).toEqual([30_000, 30_000]);
  });

  it('never gives a request more than its time, nor less than its time less a hundredth and a millisecond', () => {
    for (const [at, ms] of [
      [0, 30_000],
      [12.5, 30_000],
      [299.9, 30_000],
      [1_234.567, 1_000],
      [7.3, 50],
      [3.9, 1],
    ] as const) {
      const clock = fakeClock();
      clock.at = at;
      new SharedTimeouts(clock).signal(ms);
      const left = clock.asked[0] as number;
      expect(Number.isInteger(left), `${ms} ms at ${at}`).toBe(true);
      expect(left, `${ms} ms at ${at}`).toBeLessThanOrEqual(ms);
      expect(left, `${ms} ms at ${at}`).toBeGreaterThanOrEqual(ms - Math.max(1, ms / 100) - 1);
    }
  });

  it('never hands out a signal that has already aborted', () => {
    const clock = fakeClock();
    const timeouts = new SharedTimeouts(clock);
    const first = timeouts.signal(30_000);
    clock.controllers[0]?.abort();
    const second = timeouts.signal(30_000);
    expect(second).not.toBe(first);
    expect(second.aborted).toBe(false);
  });

  it('takes more than ten listeners without a leak warning (sixteen requests in flight share one)', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const signal = new SharedTimeouts().signal(30_000);
      const listeners = Array.from({ length: 16 }, () => () => undefined);
      for (const listener of listeners) signal.addEventListener('abort', listener);
      await new Promise((resolve) => setImmediate(resolve));
      for (const listener of listeners) signal.removeEventListener('abort', listener);
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
  });
});

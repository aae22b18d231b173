// The waiting machinery of pair: backoff delays, polling with a deadline, Ctrl-C as an abort, the spinner.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, nextDelay, pollUntil, sleep } from '../../../src/cli/wait/backoff.js';
import { catchInterrupt } from '../../../src/cli/wait/interrupt.js';
import { startSpinner } from '../../../src/output/spinner.js';
import { formatPairingCode } from '../../../src/cli/commands/pair/show.js';
import { waitFor } from '../../support/wait-for.js';

describe('backoff', () => {
  it('starts at 0.5 s and grows to 3 s, never beyond', () => {
    const delays: number[] = [];
    let delay: number | undefined;
    for (let i = 0; i < 8; i++) delays.push((delay = nextDelay(delay)));
    expect(delays[0]).toBe(500);
    expect(delays.at(-1)).toBe(3000);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] as number);
    expect(Math.max(...delays)).toBe(DEFAULT_BACKOFF.maxMs);
  });
});

describe('pollUntil', () => {
  const quick = { firstMs: 5, maxMs: 20, factor: 2 };

  it('returns the first value an attempt gives', async () => {
    let calls = 0;
    const result = await pollUntil({
      attempt: () => Promise.resolve(++calls === 3 ? 'linked' : undefined),
      timeoutMs: 5000,
      signal: new AbortController().signal,
      backoff: quick,
    });
    expect(result).toEqual({ outcome: 'done', value: 'linked' });
    expect(calls).toBe(3);
  });

  it('times out, checking once more at the deadline', async () => {
    const times: number[] = [];
    const started = Date.now();
    const result = await pollUntil({
      attempt: () => {
        times.push(Date.now() - started);
        return Promise.resolve(undefined);
      },
      timeoutMs: 120,
      signal: new AbortController().signal,
      backoff: quick,
    });
    expect(result).toEqual({ outcome: 'timeout' });
    expect(times.length).toBeGreaterThanOrEqual(2);
    expect(times.at(-1)).toBeGreaterThanOrEqual(115);
  });

  it('stops at once when aborted, even while an attempt is still running', async () => {
    const controller = new AbortController();
    const pending = pollUntil({
      attempt: () => new Promise<undefined>(() => undefined),
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    controller.abort();
    expect(await pending).toEqual({ outcome: 'interrupted' });
  });

  it('sleep ends early on abort', async () => {
    const controller = new AbortController();
    // Ten minutes, far past this test's timeout: the test can only finish if the abort ends the sleep.
    let ended = false;
    const sleeping = sleep(600_000, controller.signal).then(() => (ended = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended, 'still asleep before the abort').toBe(false);
    controller.abort();
    expect(await sleeping).toBe(true);
  });
});

describe('catchInterrupt', () => {
  it('turns SIGINT into an abort until released', () => {
    const source = new EventEmitter();
    const caught = catchInterrupt(source);
    expect(source.listenerCount('SIGINT')).toBe(1);
    source.emit('SIGINT');
    expect(caught.signal.aborted).toBe(true);
    caught.release();
    expect(source.listenerCount('SIGINT')).toBe(0);
  });
});

describe('spinner', () => {
  it('redraws in place and erases its line when stopped', async () => {
    let written = '';
    const spinner = startSpinner({ write: (s: string) => (written += s) }, () => 'Waiting', 5);
    await waitFor(() => written.split('\r\x1b[K').length > 3, { what: 'a few spinner frames' });
    spinner.stop();
    const frames = written.split('\r\x1b[K').filter((part) => part !== '');
    expect(frames.length).toBeGreaterThan(1);
    expect(new Set(frames.map((f) => f[0])).size).toBeGreaterThan(1);
    expect(written.endsWith('\r\x1b[K')).toBe(true);
  });
});

describe('pairing code', () => {
  it('shows 8 digits as 1234-5678 and anything else as given', () => {
    expect(formatPairingCode('12345678')).toBe('1234-5678');
    expect(formatPairingCode('ABC')).toBe('ABC');
  });
});

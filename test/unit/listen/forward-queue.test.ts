import { describe, expect, it } from 'vitest';
import type { ForwardOutcome } from '../../../src/api/forward.js';
import { readEvent, type ReceivedEvent } from '../../../src/listen/event.js';
import { ForwardQueue, isRetriable, type AttemptReport } from '../../../src/listen/forward-queue.js';
import { waitFor } from '../../support/wait-for.js';

const event = (seq = 1): ReceivedEvent =>
  readEvent(seq, Buffer.from(`{"idMessagem":"E${seq}"}`), 'application/json', 0);

/** A send that answers from a script, one outcome per call, and records the calls. */
function scripted(outcomes: ForwardOutcome[]) {
  const calls: number[] = [];
  const send = () => {
    calls.push(Date.now());
    return Promise.resolve(outcomes.shift() ?? { status: 200 });
  };
  return { send, calls };
}

describe('isRetriable', () => {
  it('retries no answer, 5xx, 408 and 429; not other statuses', () => {
    expect(isRetriable({ failure: 'connection refused' })).toBe(true);
    expect([500, 503, 408, 429].map((status) => isRetriable({ status }))).toEqual([true, true, true, true]);
    expect([301, 400, 404, 410].map((status) => isRetriable({ status }))).toEqual([false, false, false, false]);
  });
});

describe('ForwardQueue', () => {
  it('delivers at the first attempt and reports it', async () => {
    const { send, calls } = scripted([{ status: 204 }]);
    const queue = new ForwardQueue({ send });
    const first = await queue.forward(event());
    expect(first).toMatchObject({ attempt: 1, verdict: 'delivered' });
    expect(calls).toHaveLength(1);
    expect(queue.forwarded).toBe(1);
  });

  it('retries failures with growing waits until one succeeds', async () => {
    const { send, calls } = scripted([{ failure: 'connection refused' }, { status: 503 }, { status: 200 }]);
    const reports: AttemptReport[] = [];
    const queue = new ForwardQueue({ send, delaysMs: [20, 60], onAttempt: (r) => reports.push(r) });
    expect(await queue.forward(event())).toMatchObject({ verdict: 'retrying', retryInMs: 20 });
    await waitFor(() => queue.pending === 0, { what: 'the queue to empty' });
    expect(reports.map((r) => r.verdict)).toEqual(['retrying', 'retrying', 'delivered']);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(55);
    expect(queue.forwarded).toBe(1);
    expect(queue.undelivered).toEqual([]);
  });

  it('gives up after the last delay and remembers why', async () => {
    const { send, calls } = scripted([{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }]);
    const queue = new ForwardQueue({ send, delaysMs: [5, 5] });
    await queue.forward(event());
    await waitFor(() => queue.pending === 0, { what: 'the queue to empty' });
    expect(calls).toHaveLength(3);
    expect(queue.undelivered.map((u) => [u.attempts, u.reason])).toEqual([[3, 'HTTP 500 after 3 attempts']]);
  });

  it('does not retry a 4xx other than 408 and 429', async () => {
    const { send, calls } = scripted([{ status: 404 }]);
    const queue = new ForwardQueue({ send, delaysMs: [5, 5] });
    expect(await queue.forward(event())).toMatchObject({ verdict: 'failed', reason: 'HTTP 404 (not retried)' });
    expect(calls).toHaveLength(1);
  });

  it('counts a send that throws as a failed attempt', async () => {
    const queue = new ForwardQueue({ send: () => Promise.reject(new Error('boom')), delaysMs: [] });
    expect(await queue.forward(event())).toMatchObject({ verdict: 'failed', reason: 'boom after 1 attempt' });
  });

  it('stop() gives a waiting retry its last attempt at once instead of after its delay', async () => {
    const { send, calls } = scripted([{ status: 503 }, { status: 200 }]);
    // The retry delay and the flush time are ten minutes, far past this test's timeout: stop() can only return
    // once the waiting retry was woken and its last attempt delivered.
    const queue = new ForwardQueue({ send, delaysMs: [600_000] });
    expect(await queue.forward(event())).toMatchObject({ verdict: 'retrying', retryInMs: 600_000 });
    await queue.stop(600_000);
    expect(calls).toHaveLength(2);
    expect(queue.forwarded).toBe(1);
    expect(queue.pending).toBe(0);
  });

  it('stop() gives up after one last failed attempt, and aborts what outlives the flush time', async () => {
    const hanging = new ForwardQueue({
      send: (_event, signal) =>
        new Promise((resolve) => signal.addEventListener('abort', () => resolve({ failure: 'stopped' }))),
    });
    const failing = new ForwardQueue({ send: () => Promise.resolve({ status: 503 }), delaysMs: [60_000, 60_000] });
    void hanging.forward(event(1));
    await failing.forward(event(2));
    await Promise.all([hanging.stop(50), failing.stop(1000)]);
    expect(hanging.undelivered.map((u) => u.reason)).toEqual(['stopped after 1 attempt']);
    expect(failing.undelivered.map((u) => u.reason)).toEqual(['HTTP 503 after 2 attempts']);
  });
});

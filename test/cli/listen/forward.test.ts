// chatbot listen --forward-to: bounded retries, what is not retried, and the flush on Ctrl-C (binary).
import { describe, expect, it } from 'vitest';
import { useEmulatorSandbox } from '../support/harness.js';
import { waitFor } from '../../support/wait-for.js';
import { postEvent, RunningListener, Target } from './helpers.js';

const t = useEmulatorSandbox({ shared: true });

const textEvent = (id: string) => JSON.stringify({ evento: 'text', tipo: 'Chat', idMessagem: id, mensagem: id });

describe('chatbot listen --forward-to', () => {
  it('retries 5xx up to 5 attempts, does not retry other 4xx, and reports both', async () => {
    const target = await Target.start();
    target.status = (_count, raw) => (raw.includes('quebrado') ? 503 : 404);
    const listener = await RunningListener.start(t.box, ['--port', '0', '--forward-to', target.url]);
    try {
      await postEvent(listener.url, textEvent('quebrado'));
      await postEvent(listener.url, textEvent('sumido'));
      await waitFor(() => (listener.stderr.match(/Could not forward/g) ?? []).length === 2, {
        what: 'two reports',
        timeoutMs: 20_000,
      });
      const attempts = (id: string) => target.received.filter((r) => r.raw.includes(id)).length;
      expect(attempts('quebrado')).toBe(5);
      expect(attempts('sumido')).toBe(1);
      expect(listener.stderr).toContain(
        `Could not forward quebrado (text) to ${target.url}: HTTP 503 after 5 attempts`,
      );
      expect(listener.stderr).toContain(`Could not forward sumido (text) to ${target.url}: HTTP 404 (not retried)`);
      expect(listener.stderr).toMatch(/quebrado \(text\): HTTP 503 — attempt 3 in 1 s/);
      const lines = listener.lines();
      expect(lines.find((l) => l.includes('"quebrado"'))).toContain('→ HTTP 503, retrying');
      expect(lines.find((l) => l.includes('"sumido"'))).toContain('→ HTTP 404, not delivered');
      const result = await listener.stop();
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain(`Stopped: 2 events received, 0 forwarded to ${target.url}, 2 not delivered.`);
    } finally {
      await listener.stop().catch(() => undefined);
      await target.close();
    }
  });

  it('Ctrl-C cuts a retry wait short: the pending event gets its last attempt before the summary', async () => {
    const target = await Target.start();
    target.status = (count) => (count <= 4 ? 503 : 200);
    const listener = await RunningListener.start(t.box, ['--port', '0', '--forward-to', target.url]);
    try {
      await postEvent(listener.url, textEvent('teimoso'));
      // The 5th attempt waits 4 s, longer than the 3 s Ctrl-C leaves pending forwards before aborting them: a wait
      // left to run out would end after that, and the event would be summed up as not delivered.
      await waitFor(() => listener.stderr.includes('HTTP 503 — attempt 5 in 4 s'), {
        what: 'the wait before the 5th attempt',
        timeoutMs: 20_000,
      });
      const result = await listener.stop();
      expect(result.exitCode).toBe(0);
      expect(target.received).toHaveLength(5);
      expect(result.stderr).toContain('teimoso (text) forwarded on attempt 5: HTTP 200');
      expect(result.stderr).toContain(`Stopped: 1 event received, 1 forwarded to ${target.url}, 0 not delivered.`);
    } finally {
      await listener.stop().catch(() => undefined);
      await target.close();
    }
  });
});

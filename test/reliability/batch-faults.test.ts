// Batch sends under network faults: every row ends sent, failed or unknown in a consistent journal; a fault after
// the service acted makes the row unknown (never failed, never resent by --resume); nothing is sent twice.
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../cli/support/harness.js';
import { useDeviceSandbox } from '../cli/support/device-sandbox.js';
import { countBy, journalRecords, phoneDigits, textCsv } from '../cli/send/batch-helpers.js';
import { forwardTo, startFaultServer, type Fault, type FaultServer } from './fault-server.js';
import { record } from './report.js';
import type { BatchSummary } from '../../src/cli/commands/send/batch/summary.js';

const t = useDeviceSandbox();
const ROWS = 20;
let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function batch(file: string, baseUrl: string, extra: string[] = []) {
  const result = await execa('node', [BIN, 'send', 'text', '--batch', file, '--json', '--concurrency', '4', ...extra], {
    env: t.dev.box.env({ CHATBOT_APPKEY: t.dev.appkey, CHATBOT_BASE_URL: baseUrl }),
    extendEnv: false,
    reject: false,
    timeout: 90_000,
  });
  return { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

/** Each row's records: a `sending` first, and one outcome after it (the process ended on its own). */
function finalStates(journal: string): Map<number, string> {
  const states = new Map<number, string[]>();
  for (const entry of journalRecords(journal)) {
    if (typeof entry.line !== 'number') continue;
    states.set(entry.line, [...(states.get(entry.line) ?? []), String(entry.state)]);
  }
  const final = new Map<number, string>();
  for (const [line, list] of states) {
    expect(list[0], `line ${line}`).toBe('sending');
    expect(list.length, `line ${line}: ${list.join(',')}`).toBe(2);
    final.set(line, list[1] as string);
  }
  return final;
}

const AFTER_THE_SERVICE_ACTED: [Fault, string[]][] = [
  ['reset', []],
  ['no-status-503', []],
  ['hang', ['--timeout', '1']],
  ['html-502', []],
  ['status-200-on-500', []],
];

describe('a batch whose answers fail after the service acted', () => {
  it.each(AFTER_THE_SERVICE_ACTED)(
    '%s on every 4th request: those rows are unknown, the rest sent, each recipient reached once',
    async (fault, extra) => {
      server = await startFaultServer(fault, {
        answer: forwardTo(t.emulator.url),
        faultWhen: (r) => r.index % 4 === 3,
      });
      const file = textCsv(t.dev.box.home, ROWS);
      const result = await batch(file, server.url, extra);
      expect(result.exitCode).toBe(6);
      const summary = JSON.parse(result.stdout) as BatchSummary;
      expect(summary.unknown.count).toBe(server.faulted.length);
      expect(summary.sent).toBe(ROWS - server.faulted.length);
      expect(summary.failed.count).toBe(0);
      const states = finalStates(`${file}.journal`);
      expect([...states.values()].filter((s) => s === 'unknown')).toHaveLength(server.faulted.length);
      expect(states.size).toBe(ROWS);
      record('faults injected', server.faulted.length);

      const resumed = await batch(file, t.emulator.url, ['--resume']);
      expect(resumed.exitCode).toBe(6);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ sent: 0, alreadySent: ROWS - server.faulted.length });
      const counts = countBy((await t.dev.outbox()).map((m) => m.to));
      for (let i = 0; i < ROWS; i++) expect(counts.get(phoneDigits(i)), `row ${i}`).toBe(1);
    },
  );
});

describe('a batch against a service that cannot be reached', () => {
  it('stops after 10 rows in a row were refused (exit 7), records them failed, and --resume sends everything once', async () => {
    server = await startFaultServer('refuse');
    const file = textCsv(t.dev.box.home, 40);
    const result = await batch(file, server.url, ['--concurrency', '10']);
    expect(result.exitCode).toBe(7);
    expect(JSON.parse(result.stderr.trim().split('\n').at(-1) as string).error.message).toMatch(
      /Stopped after 10 rows in a row could not reach the service, \d+ rows not attempted/,
    );
    const summary = JSON.parse(result.stdout) as BatchSummary;
    expect(summary.stopped).toBe('unreachable');
    expect(summary.notAttempted).toBeGreaterThan(0);
    expect([...finalStates(`${file}.journal`).values()].every((s) => s === 'failed')).toBe(true);
    record('faults injected', summary.failed.count);

    const resumed = await batch(file, t.emulator.url, ['--resume']);
    expect(resumed.exitCode).toBe(0);
    const counts = countBy((await t.dev.outbox()).map((m) => m.to));
    expect(counts.size).toBe(40);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('a server closing every keep-alive socket after its answer: each row sent or unknown (a request written to a socket the server had closed), none twice', async () => {
    server = await startFaultServer('close-after-each', { answer: forwardTo(t.emulator.url) });
    const file = textCsv(t.dev.box.home, ROWS);
    const result = await batch(file, server.url);
    const summary = JSON.parse(result.stdout) as BatchSummary;
    expect(result.exitCode).toBe(summary.unknown.count === 0 ? 0 : 6);
    expect(summary.sent + summary.unknown.count).toBe(ROWS);
    expect(summary.failed.count).toBe(0);
    for (const row of summary.unknown.rows) expect(row.message).toMatch(/ECONNRESET|closed|socket/i);
    const states = finalStates(`${file}.journal`);
    expect([...states.values()].filter((s) => s === 'sent')).toHaveLength(summary.sent);
    const counts = countBy((await t.dev.outbox()).map((m) => m.to));
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBeGreaterThanOrEqual(summary.sent);
    record('faults injected', server.faulted.length);
  });
});

// The spawned CLI mid-batch: SIGKILL then --resume sends each row once (bar rows reported unknown); Ctrl-C stops
// cleanly with exit 130, a complete journal and the summary; progress goes to stderr as status lines off a terminal.
import { existsSync, readFileSync } from 'node:fs';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN } from '../support/harness.js';
import { readyLine } from '../../support/ready-line.js';
import { waitFor } from '../../support/wait-for.js';
import { useDeviceSandbox } from '../support/device-sandbox.js';
import { countBy, journalRecords, phoneDigits, textCsv } from './batch-helpers.js';
import type { BatchSummary } from '../../../src/cli/commands/send/batch/summary.js';

const t = useDeviceSandbox();

function startBatch(file: string, extra: string[]) {
  return execa('node', [BIN, 'send', 'text', '--batch', file, ...extra], {
    env: t.dev.box.env({ CHATBOT_APPKEY: t.dev.appkey }),
    extendEnv: false,
    reject: false,
    timeout: 60_000,
  });
}

function sentInJournal(journal: string): number {
  if (!existsSync(journal)) return 0;
  return (readFileSync(journal, 'utf8').match(/"state":"sent"/g) ?? []).length;
}

describe('a batch interrupted mid-way', () => {
  it('SIGKILL halfway through 2,000 rows, then --resume: every recipient exactly once, except rows reported unknown', async () => {
    const file = textCsv(t.dev.box.home, 2000);
    const journal = `${file}.journal`;
    const first = startBatch(file, ['--concurrency', '8', '--rate', '400']);
    await waitFor(() => sentInJournal(journal) >= 1000, { what: '1,000 rows sent', timeoutMs: 30_000 });
    first.kill('SIGKILL');
    expect((await first).signal).toBe('SIGKILL');
    const sentBeforeResume = (await t.dev.outbox()).length;
    expect(sentBeforeResume).toBeLessThan(2000);

    const resumed = await startBatch(file, ['--resume', '--concurrency', '8', '--json']);
    const summary = JSON.parse(resumed.stdout) as BatchSummary;
    const unknownRecipients = new Set<string>(summary.unknown.rows.map((row: { to: string }) => row.to));
    expect(resumed.exitCode).toBe(unknownRecipients.size === 0 ? 0 : 6);
    expect(unknownRecipients.size).toBeLessThanOrEqual(8);
    expect(summary.sent + summary.alreadySent + summary.unknown.count).toBe(2000);
    expect(summary.alreadySent).toBeGreaterThanOrEqual(1000);

    const counts = countBy((await t.dev.outbox()).map((m) => m.to));
    for (let i = 0; i < 2000; i++) {
      const to = phoneDigits(i);
      if (unknownRecipients.has(to)) expect(counts.get(to) ?? 0).toBeLessThanOrEqual(1);
      else expect(counts.get(to), `recipient ${to} (line ${i + 2})`).toBe(1);
    }
  });

  it('Ctrl-C: no new rows, the rows in flight finish, journal complete, summary printed, exit 130; --resume sends the rest once', async () => {
    const file = textCsv(t.dev.box.home, 2000);
    const journal = `${file}.journal`;
    const run = startBatch(file, ['--concurrency', '4', '--rate', '100']);
    await readyLine(run, /^Batch: \d+\/2000 · \d+\/s/m, { what: 'a status line', timeoutMs: 30_000 });
    run.kill('SIGINT');
    const result = await run;
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toMatch(/^Batch of 2000 rows from .*: \d+ sent, 0 failed, \d+ not attempted/);
    expect(result.stdout).not.toMatch(/^Batch: /m);
    expect(result.stderr).toMatch(/Stopping: no new rows/);
    expect(result.stderr).toMatch(/Interrupted: \d+ rows not attempted — run the same command with --resume/);

    const records = journalRecords(journal).filter((r) => typeof r.line === 'number');
    const started = records.filter((r) => r.state === 'sending').map((r) => r.line);
    const finished = new Set(records.filter((r) => r.state === 'sent').map((r) => r.line));
    expect(started.length).toBeGreaterThan(0);
    expect(started.filter((line) => !finished.has(line))).toEqual([]);
    expect((await t.dev.outbox()).length).toBe(finished.size);

    const resumed = await startBatch(file, ['--resume', '--concurrency', '8']);
    expect(resumed.exitCode).toBe(0);
    const counts = countBy((await t.dev.outbox()).map((m) => m.to));
    expect(counts.size).toBe(2000);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('a second run on the same journal while the first still goes is refused, so no row goes out twice', async () => {
    const file = textCsv(t.dev.box.home, 400);
    const journal = `${file}.journal`;
    const first = startBatch(file, ['--concurrency', '2', '--rate', '50']);
    await waitFor(() => sentInJournal(journal) >= 5, { what: 'the first run to send', timeoutMs: 30_000 });
    const second = await startBatch(file, ['--resume']);
    expect(second.exitCode).toBe(2);
    expect(second.stderr).toMatch(/Another run \(pid \d+\) is using the journal .*rows\.csv\.journal/);
    first.kill('SIGINT');
    expect((await first).exitCode).toBe(130);
    const resumed = await startBatch(file, ['--resume', '--concurrency', '8']);
    expect(resumed.exitCode).toBe(0);
    const counts = countBy((await t.dev.outbox()).map((m) => m.to));
    expect(counts.size).toBe(400);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });
});

// Batches from stdin: spooled to a private temp file for the send pass, whose name is gone while the run goes
// (nothing left behind by Ctrl-C or SIGKILL), and whose rows are all checked before the first send.
import { mkdirSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN } from '../support/harness.js';
import { useDeviceSandbox } from '../support/device-sandbox.js';
import { countBy, phoneDigits } from './batch-helpers.js';
import { waitFor } from '../../support/wait-for.js';
import type { BatchSummary } from '../../../src/cli/commands/send/batch/summary.js';

const t = useDeviceSandbox();

function csvText(count: number): string {
  return `to,message\n${Array.from({ length: count }, (_, i) => `+${phoneDigits(i)},Olá ${i}\n`).join('')}`;
}

/** A private TMPDIR for the CLI, so that anything it leaves there can be seen. */
function tempDir(): string {
  const dir = join(t.dev.box.home, 'tmp');
  mkdirSync(dir, { recursive: true });
  return dir;
}

function startStdinBatch(input: string, tmp: string, extra: string[]) {
  const journal = join(t.dev.box.home, 'stdin.journal');
  return execa('node', [BIN, 'send', 'text', '--batch', '-', '--format', 'csv', '--journal', journal, ...extra], {
    env: t.dev.box.env({ CHATBOT_APPKEY: t.dev.appkey, TMPDIR: tmp }),
    extendEnv: false,
    reject: false,
    input,
    timeout: 60_000,
  });
}

/** The files the process `pid` holds open whose names were removed ("… (deleted)" on Linux). */
function deletedOpenFiles(pid: number): string[] {
  const dir = `/proc/${pid}/fd`;
  return readdirSync(dir)
    .map((fd) => {
      try {
        return readlinkSync(join(dir, fd));
      } catch {
        return '';
      }
    })
    .filter((target) => target.includes('chatbot-batch-') && target.endsWith('(deleted)'));
}

describe('a batch from stdin', () => {
  it('sends every row read twice from the spool, each once, and leaves nothing in TMPDIR', async () => {
    const tmp = tempDir();
    const result = await startStdinBatch(csvText(300), tmp, ['--concurrency', '8', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as BatchSummary).sent).toBe(300);
    const counts = countBy((await t.dev.outbox()).map((m) => m.to));
    expect(counts.size).toBe(300);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('checks every row before the first send: an invalid last row sends nothing', async () => {
    const tmp = tempDir();
    const result = await startStdinBatch(`${csvText(200)}not-a-number,oi\n`, tmp, []);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/1 row is invalid, so nothing was sent:\n {2}line 202: /);
    expect(await t.dev.outbox()).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it.runIf(process.platform === 'linux')(
    'holds the spool only as an open file with no name; Ctrl-C, then --resume from stdin sends the rest once',
    async () => {
      const tmp = tempDir();
      const input = csvText(1500);
      const first = startStdinBatch(input, tmp, ['--concurrency', '4', '--rate', '200']);
      const pid = first.pid as number;
      await waitFor(async () => (await t.dev.outbox()).length >= 100, { what: '100 rows sent', timeoutMs: 30_000 });
      expect(deletedOpenFiles(pid)).toHaveLength(1);
      expect(readdirSync(tmp)).toEqual([]);
      first.kill('SIGINT');
      const stopped = await first;
      expect(stopped.exitCode).toBe(130);
      expect(readdirSync(tmp)).toEqual([]);

      const resumed = await startStdinBatch(input, tmp, ['--resume', '--json']);
      const summary = JSON.parse(resumed.stdout) as BatchSummary;
      expect(resumed.exitCode, resumed.stderr).toBe(0);
      expect(summary.sent + summary.alreadySent).toBe(1500);
      const counts = countBy((await t.dev.outbox()).map((m) => m.to));
      expect(counts.size).toBe(1500);
      expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
      expect(readdirSync(tmp)).toEqual([]);
      expect(readFileSync(join(t.dev.box.home, 'stdin.journal'), 'utf8')).toMatch(/"state":"sent"/);
    },
  );
});

// The batch journal, resume planning, the runner's stop rules and the summary.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { Journal, lockJournal, readJournal } from '../../../../src/cli/commands/send/batch/journal.js';
import type { Outcome } from '../../../../src/cli/commands/send/batch/journal-records.js';
import { planRun } from './whole-input.js';
import { runRows } from '../../../../src/cli/commands/send/batch/runner.js';
import { Tally, summaryLines } from '../../../../src/cli/commands/send/batch/summary.js';
import { describe as describeProgress, duration, perSecond } from '../../../../src/cli/commands/send/batch/progress.js';
import type { BatchRow } from '../../../../src/cli/commands/send/batch/rows.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function journalPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-journal-'));
  dirs.push(dir);
  return join(dir, 'rows.csv.journal');
}

/** The journal's records after its two header lines (format, run). */
function recordsAfterHeader(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function row(line: number, digest = `d${line}`): BatchRow {
  return { line, to: `5581987${String(line).padStart(6, '0')}`, payload: { message: 'x' }, digest };
}

describe('Journal', () => {
  it('records each row before and after, privately, and reads back the last state per line', async () => {
    const path = journalPath();
    const journal = Journal.open(path, 'text', readJournal(path, 'text'));
    journal.begin(row(2));
    journal.finish(row(2), { state: 'sent', id: 'A' });
    journal.begin(row(3));
    journal.finish(row(3), { state: 'failed', status: 404, message: 'Template não encontrado.' });
    journal.begin(row(4));
    journal.begin(row(5));
    journal.finish(row(5), { state: 'unknown', message: 'No answer' });
    await journal.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const earlier = readJournal(path, 'text');
    expect(Object.fromEntries(earlier?.rows ?? [])).toEqual({
      2: { state: 'sent', to: row(2).to, digest: 'd2', id: 'A' },
      3: { state: 'failed', to: row(3).to, digest: 'd3', status: 404, message: 'Template não encontrado.' },
      4: { state: 'sending', to: row(4).to, digest: 'd4' },
      5: { state: 'unknown', to: row(5).to, digest: 'd5', message: 'No answer' },
    });
  });

  it("writes a row's sending line before begin returns, and an outcome with the next sending line or by the end of the turn", async () => {
    const path = journalPath();
    const journal = Journal.open(path, 'text', undefined);
    const records = () => recordsAfterHeader(path);
    journal.begin(row(2));
    expect(records()).toEqual([{ line: 2, to: row(2).to, digest: 'd2', state: 'sending' }]);
    journal.finish(row(2), { state: 'sent', id: 'A' });
    journal.begin(row(3));
    expect(records().map((r) => [r.line, r.state])).toEqual([
      [2, 'sending'],
      [2, 'sent'],
      [3, 'sending'],
    ]);
    journal.finish(row(3), { state: 'failed', status: 400, message: 'Número inválido.' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(records().at(-1)).toEqual({ line: 3, state: 'failed', status: 400, message: 'Número inválido.' });
    await journal.close();
  });

  it('beginInTurn: the sending lines of one turn go out in one write before any of them resolves, outcomes too', async () => {
    const path = journalPath();
    const journal = Journal.open(path, 'text', undefined);
    const records = () => recordsAfterHeader(path);
    const begun = [journal.beginInTurn(row(2)), journal.beginInTurn(row(3))];
    expect(records()).toEqual([]);
    await begun[0];
    expect(records()).toEqual([
      { line: 2, to: row(2).to, digest: 'd2', state: 'sending' },
      { line: 3, to: row(3).to, digest: 'd3', state: 'sending' },
    ]);
    await begun[1];
    journal.finish(row(2), { state: 'sent', id: 'A' });
    await journal.beginInTurn(row(4));
    expect(records().map((r) => [r.line, r.state])).toEqual([
      [2, 'sending'],
      [3, 'sending'],
      [2, 'sent'],
      [4, 'sending'],
    ]);
    await journal.close();
  });

  it('ignores a torn last line from a crash and continues on a new line', async () => {
    const path = journalPath();
    const first = Journal.open(path, 'text', undefined);
    first.begin(row(2));
    await first.close();
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"line":2,"sta`);
    const earlier = readJournal(path, 'text');
    expect(earlier?.rows.get(2)?.state).toBe('sending');
    const second = Journal.open(path, 'text', earlier);
    second.finish(row(2), { state: 'sent' });
    await second.close();
    expect(readJournal(path, 'text')?.rows.get(2)?.state).toBe('sent');
  });

  it('refuses a file that is not a journal, a journal of the other kind, and an edited line', () => {
    const path = journalPath();
    writeFileSync(path, 'to,message\n+5581987000001,oi');
    expect(() => readJournal(path, 'text')).toThrow(/is not a chatbot batch journal/);
    writeFileSync(path, '{"format":"chatbot batch journal","version":1,"kind":"template"}\n');
    expect(() => readJournal(path, 'text')).toThrow(/belongs to a template batch, not a text batch/);
    writeFileSync(path, '{"format":"chatbot batch journal","version":1,"kind":"text"}\noops\n');
    expect(() => readJournal(path, 'text')).toThrow(/unreadable line 2/);
  });
});

describe('lockJournal', () => {
  it('lets one run at a time use a journal, and takes over the lock of a run that is gone', () => {
    const path = journalPath();
    const release = lockJournal(path);
    expect(() => lockJournal(path)).toThrow(new RegExp(`Another run \\(pid ${process.pid}\\) is using the journal`));
    release();
    expect(existsSync(`${path}.lock`)).toBe(false);
    writeFileSync(`${path}.lock`, '2147483646');
    const again = lockJournal(path);
    expect(readFileSync(`${path}.lock`, 'utf8')).toBe(String(process.pid));
    again();
  });

  it('names an unreadable journal as a usage error', () => {
    const dir = journalPath().replace(/rows\.csv\.journal$/, '');
    expect(() => readJournal(dir, 'text')).toThrow(/Cannot read the journal .*--journal PATH/);
  });
});

describe('planRun', () => {
  const earlier = (states: [number, Outcome | { state: 'sending' }][]) =>
    ({
      hasHeader: true,
      bytes: 0,
      completeBytes: 0,
      rows: new Map(states.map(([line, state]) => [line, { ...state, to: row(line).to, digest: `d${line}` }] as const)),
    }) as unknown as Parameters<typeof planRun>[1];

  it('skips sent rows, sends failed and new ones, holds back unknown ones unless asked', () => {
    const rows = [row(2), row(3), row(4), row(5), row(6)];
    const journal = earlier([
      [2, { state: 'sent' }],
      [3, { state: 'failed', status: 401, message: 'x' }],
      [4, { state: 'sending' }],
      [5, { state: 'unknown', message: 'timeout' }],
    ]);
    const plan = planRun(rows, journal, 'j', { resume: true, resendUnknown: false });
    expect(plan.alreadySent).toBe(1);
    expect(plan.toSend.map((r) => r.line)).toEqual([3, 6]);
    expect(plan.unknown.map(([line]) => line)).toEqual([4, 5]);
    expect(planRun(rows, journal, 'j', { resume: true, resendUnknown: true }).toSend.map((r) => r.line)).toEqual([
      3, 4, 5, 6,
    ]);
  });

  it('refuses to reuse a journal without --resume, and a changed line that may have reached someone', () => {
    const journal = earlier([
      [2, { state: 'sent' }],
      [3, { state: 'unknown', message: 'x' }],
    ]);
    expect(() => planRun([row(2)], journal, 'j', { resume: false, resendUnknown: false })).toThrow(/add --resume/);
    expect(() => planRun([row(2, 'other')], journal, 'j', { resume: true, resendUnknown: false })).toThrow(
      /line 2 now says something else/,
    );
    expect(() => planRun([row(3, 'other')], journal, 'j', { resume: true, resendUnknown: false })).toThrow(
      /line 3 now says something else/,
    );
  });

  it('lets a failed line change (a fixed template, a corrected number) and sends it again', () => {
    const journal = earlier([[2, { state: 'failed', status: 404, message: 'Template não encontrado.' }]]);
    expect(
      planRun([row(2, 'fixed')], journal, 'j', { resume: true, resendUnknown: false }).toSend.map((r) => r.line),
    ).toEqual([2]);
  });

  it('--resume without a journal, or with one that records no rows, is refused rather than sending everything', () => {
    expect(() => planRun([row(2)], undefined, 'j', { resume: true, resendUnknown: false })).toThrow(
      /j does not exist, so there is nothing to resume/,
    );
    expect(() => planRun([row(2)], earlier([]), 'j', { resume: true, resendUnknown: false })).toThrow(
      /j records no rows/,
    );
  });
});

describe('runRows', () => {
  it('stops after the given number of rows in a row could not reach the service', async () => {
    const path = journalPath();
    const journal = Journal.open(path, 'text', undefined);
    const rows = Array.from({ length: 50 }, (_, i) => row(i + 2));
    let calls = 0;
    const stop = await runRows(
      rows,
      () => {
        calls++;
        return Promise.resolve({ state: 'failed', status: null, message: 'refused', unreachable: true });
      },
      journal,
      { concurrency: 1, signal: new AbortController().signal, unreachableLimit: 5, onOutcome: () => undefined },
    );
    await journal.close();
    expect(stop).toBe('unreachable');
    expect(calls).toBe(5);
  });

  it("starts no row's request before its sending line is in the journal, with and without --rate", async () => {
    for (const rate of [undefined, 1000]) {
      const path = journalPath();
      const journal = Journal.open(path, 'text', undefined);
      const unjournalled: number[] = [];
      await runRows(
        Array.from({ length: 40 }, (_, i) => row(i + 2)),
        async (r) => {
          const sending = `{"line":${r.line},"to":"${r.to}","digest":"${r.digest}","state":"sending"}`;
          if (!readFileSync(path, 'utf8').includes(sending)) unjournalled.push(r.line);
          await new Promise((resolve) => setImmediate(resolve));
          return { state: 'sent' };
        },
        journal,
        {
          concurrency: 8,
          ...(rate === undefined ? {} : { rate }),
          signal: new AbortController().signal,
          unreachableLimit: 10,
          onOutcome: () => undefined,
        },
      );
      await journal.close();
      expect(unjournalled, `rate ${rate}`).toEqual([]);
      const states = [...(readJournal(path, 'text')?.rows.values() ?? [])].map((state) => state.state);
      expect(states).toEqual(Array.from({ length: 40 }, () => 'sent'));
    }
  });

  it('starts no row after the signal is aborted, lets the started ones finish, and says it was interrupted', async () => {
    const path = journalPath();
    const journal = Journal.open(path, 'text', undefined);
    const controller = new AbortController();
    const finished: number[] = [];
    const stop = await runRows(
      [row(2), row(3), row(4), row(5)],
      async (r) => {
        if (r.line === 3) controller.abort();
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { state: 'sent' };
      },
      journal,
      { concurrency: 2, signal: controller.signal, unreachableLimit: 10, onOutcome: (r) => finished.push(r.line) },
    );
    await journal.close();
    expect(stop).toBe('interrupted');
    expect(finished.sort()).toEqual([2, 3]);
  });
});

describe('runRows limits', () => {
  it('--rate is a ceiling: each start is at least 1/rate after the previous actual start, even when timers fire late', async () => {
    const path = journalPath();
    const journal = Journal.open(path, 'text', undefined);
    let now = 0;
    let wakeUps = 0;
    // A clock whose every other timer fires 9 ms late, as a busy event loop does.
    const clock = {
      now: () => now,
      sleep: (ms: number) => {
        now += ms + (wakeUps++ % 2 === 0 ? 9 : 0);
        return Promise.resolve();
      },
    };
    const starts: number[] = [];
    await runRows(
      Array.from({ length: 12 }, (_, i) => row(i + 2)),
      () => {
        starts.push(now);
        return Promise.resolve({ state: 'sent' });
      },
      journal,
      {
        concurrency: 4,
        rate: 40,
        clock,
        signal: new AbortController().signal,
        unreachableLimit: 10,
        onOutcome: () => undefined,
      },
    );
    await journal.close();
    expect(starts).toHaveLength(12);
    const gaps = starts.slice(1).map((at, i) => at - (starts[i] as number));
    expect(
      gaps.filter((gap) => gap < 1000 / 40),
      `gaps ${gaps.join(', ')}`,
    ).toEqual([]);
    expect(gaps.filter((gap) => gap === 1000 / 40).length, 'on time after a punctual timer').toBeGreaterThan(0);
  });

  it('an error in one row stops new rows, lets those in flight finish and be journalled, then surfaces', async () => {
    const path = journalPath();
    const journal = Journal.open(path, 'text', undefined);
    const finished: number[] = [];
    const run = runRows(
      [row(2), row(3), row(4), row(5)],
      async (r) => {
        if (r.line === 2) throw new Error('disk full');
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { state: 'sent' };
      },
      journal,
      {
        concurrency: 2,
        signal: new AbortController().signal,
        unreachableLimit: 10,
        onOutcome: (r) => finished.push(r.line),
      },
    );
    await expect(run).rejects.toThrow('disk full');
    await journal.close();
    expect(finished).toEqual([3]);
    expect(readJournal(path, 'text')?.rows.get(3)?.state).toBe('sent');
    expect(readJournal(path, 'text')?.rows.has(4)).toBe(false);
  });
});

describe('summary and progress', () => {
  it('groups failures by status and message, lists unknown rows, and says how to go on', () => {
    const tally = new Tally();
    tally.add(row(2), { state: 'sent' });
    tally.add(row(3), { state: 'failed', status: 404, message: 'Template não encontrado.' });
    tally.add(row(5), { state: 'failed', status: 404, message: 'Template não encontrado.' });
    tally.add(row(4), { state: 'unknown', message: 'No answer within 30 s' });
    const summary = tally.summary({
      input: 'rows.csv',
      journal: '/tmp/rows.csv.journal',
      rows: 4,
      alreadySent: 0,
      skipped: { count: 0, invalid: [] },
      notAttempted: 0,
      stopped: 'done',
      seconds: 2,
      perSecond: 2,
    });
    expect(summary.failed).toEqual({
      count: 2,
      reasons: [{ status: 404, message: 'Template não encontrado.', count: 2, lines: [3, 5] }],
    });
    expect(summaryLines(summary)).toEqual([
      'Batch of 4 rows from rows.csv: 1 sent, 2 failed, 1 unknown (2.0 s, 2/s)',
      'Failed:',
      '  2 × 404 Template não encontrado. (lines 3, 5)',
      'Unknown — may have been delivered, so not sent again (check, then --resume --resend-unknown):',
      `  line 4 → ${row(4).to}: No answer within 30 s`,
      'Journal: /tmp/rows.csv.journal',
    ]);
  });

  it('describes progress with rate, ETA and failures', () => {
    expect(describeProgress({ total: 100, sent: 40, failed: 10, unknown: 0 }, 5)).toBe(
      '50/100 · 10/s · ETA 5 s · 10 failed',
    );
    expect(duration(3725)).toBe('1 h 2 min');
    expect(duration(61)).toBe('1 min 1 s');
    expect(perSecond(0.25)).toBe('0.3');
    expect(perSecond(412.6)).toBe('413');
  });
});

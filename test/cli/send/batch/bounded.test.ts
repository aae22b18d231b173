// The batch's per-row bookkeeping in bounded memory: capped summary lists that keep the lowest lines, the compact
// resume state, and the repeat finder across its table's growth.
import { describe, expect, it } from 'vitest';
import { CompactRows } from '../../../../src/cli/commands/send/batch/compact-rows.js';
import { RepeatFinder } from '../../../../src/cli/commands/send/batch/repeats.js';
import {
  LISTED_LINES,
  OTHER_REASONS,
  REASONS_KEPT,
  Tally,
  summaryLines,
} from '../../../../src/cli/commands/send/batch/summary.js';
import type { BatchRow } from '../../../../src/cli/commands/send/batch/rows.js';

function row(line: number): BatchRow {
  return { line, to: `5581987${String(line).padStart(6, '0')}`, payload: { message: 'x' }, digest: `d${line}` };
}

const fields = {
  input: 'rows.csv',
  journal: '/tmp/rows.csv.journal',
  rows: 5000,
  alreadySent: 0,
  skipped: { count: 0, invalid: [] },
  notAttempted: 0,
  stopped: 'done' as const,
  seconds: 1,
  perSecond: 1,
};

describe('Tally', () => {
  it('lists the lowest lines of each group, however they arrive, and says how many are not listed', () => {
    const tally = new Tally();
    const lines = Array.from({ length: 3000 }, (_, i) => 3001 - i);
    for (const line of lines) tally.add(row(line), { state: 'failed', status: 401, message: 'Appkey inválida.' });
    for (const line of lines) tally.add(row(line + 5000), { state: 'unknown', message: 'No answer' });
    const summary = tally.summary(fields);
    expect(summary.failed.count).toBe(3000);
    expect(summary.failed.reasons).toEqual([
      {
        status: 401,
        message: 'Appkey inválida.',
        count: 3000,
        lines: Array.from({ length: LISTED_LINES }, (_, i) => i + 2),
        notListed: 3000 - LISTED_LINES,
      },
    ]);
    expect(summary.unknown.count).toBe(3000);
    expect(summary.unknown.rows.map((r) => r.line)).toEqual(Array.from({ length: LISTED_LINES }, (_, i) => i + 5002));
    expect(summary.unknown.notListed).toBe(3000 - LISTED_LINES);
  });

  it('keeps the first REASONS_KEPT reasons apart and counts rows refused for any later reason in one last group', () => {
    const tally = new Tally();
    const reasons = REASONS_KEPT + 50;
    for (let line = 1000; line < 1003; line++)
      tally.add(row(line), { state: 'failed', status: 401, message: 'Appkey inválida.' });
    for (let line = 2; line < 2 + reasons; line++)
      tally.add(row(line), { state: 'failed', status: 400, message: `Número ${line} inválido.` });
    const summary = tally.summary(fields);
    expect(summary.failed.count).toBe(reasons + 3);
    expect(summary.failed.reasons).toHaveLength(REASONS_KEPT + 1);
    expect(summary.failed.reasons[0]).toEqual({
      status: 401,
      message: 'Appkey inválida.',
      count: 3,
      lines: [1000, 1001, 1002],
    });
    expect(summary.failed.reasons.at(-2)).toMatchObject({ message: `Número ${REASONS_KEPT} inválido.`, count: 1 });
    expect(summary.failed.reasons.at(-1)).toEqual({
      status: null,
      message: OTHER_REASONS,
      count: 51,
      lines: Array.from({ length: LISTED_LINES }, (_, i) => i + 1 + REASONS_KEPT),
      notListed: 51 - LISTED_LINES,
      other: true,
    });
    const human = summaryLines(summary);
    const failed = human.slice(human.indexOf('Failed:') + 1, -1);
    expect(failed).toHaveLength(11);
    expect(failed[0]).toBe('  3 × 401 Appkey inválida. (lines 1000, 1001, 1002)');
    expect(failed.at(-1)).toBe(
      `  … and ${reasons + 3 - 3 - 9} more, for other reasons (--json groups them by reason; the journal has each row's answer)`,
    );
  });

  it('gives listed earlier unknown rows their message from the journal', () => {
    const tally = new Tally();
    tally.addEarlierUnknown(7, row(7).to);
    tally.addEarlierUnknown(9, row(9).to);
    expect([...tally.earlierUnknownLines()]).toEqual([7, 9]);
    tally.earlierMessages(new Map([[7, { state: 'unknown', to: row(7).to, digest: 'd7', message: 'reset' }]]));
    expect(tally.summary(fields).unknown.rows).toEqual([
      { line: 7, to: row(7).to, message: 'reset' },
      { line: 9, to: row(9).to, message: 'the run stopped while this row was being sent' },
    ]);
  });
});

describe('CompactRows', () => {
  it('keeps the last state and the first 32 bits of the digest per line, growing as lines come', () => {
    const rows = new CompactRows();
    rows.set(2, 'sending', '9959b2ca18369f25');
    rows.set(2, 'sent');
    rows.set(100_000, 'sending', '0000000118369f25');
    rows.set(100_000, 'unknown');
    expect(rows.size).toBe(2);
    expect(rows.get(2)).toEqual({ state: 'sent', digest: '9959b2ca' });
    expect(rows.get(100_000)).toEqual({ state: 'unknown', digest: '00000001' });
    expect(rows.get(3)).toBeUndefined();
    expect([...rows.values()].map((r) => r.state)).toEqual(['sent', 'unknown']);
  });
});

describe('RepeatFinder', () => {
  it('names the first line of a repeated digest, also after its table has grown', () => {
    const finder = new RepeatFinder();
    const digest = (i: number) => i.toString(16).padStart(16, '0');
    for (let i = 0; i < 5000; i++) expect(finder.firstLine(digest(i), i + 2)).toBeUndefined();
    expect(finder.firstLine(digest(17), 9000)).toBe(19);
    expect(finder.firstLine(digest(4999), 9001)).toBe(5001);
  });
});

// The check pass: every row of the input checked and planned before the first send, the rows to send written to the
// spill file the send pass reads. It holds no object per row.
import type { RowStream } from './parse.js';
import { RepeatFinder } from './repeats.js';
import type { Spill } from './spill.js';
import type { RunPlanner } from './resume.js';
import {
  rowChecker,
  type BatchKind,
  type BatchRow,
  type InvalidRow,
  type RowChecker,
  type RowDefaults,
} from './rows.js';
import { FirstLines, type Tally } from './summary.js';

const REPEATS_NAMED = 5;

export interface CheckResult {
  /** Rows read, valid or not. */
  rows: number;
  /** The first invalid rows (by line) and how many there are. */
  invalid: FirstLines<InvalidRow>;
  ignoredColumns: string[];
  /** The first lines that repeat an earlier line's recipient and content. */
  repeats: { line: number; firstLine: number }[];
  toSend: number;
  alreadySent: number;
  /** Rows an earlier run left unknown, not sent again (listed in the tally). */
  unknown: number;
  /** The first row to send, for --dry-run. */
  first?: BatchRow;
}

/**
 * Checks and plans every row; the rows to send go to `spill` (none with --dry-run), earlier unknown rows to `tally`.
 * Throws what the checker refuses.
 */
export async function checkPass(
  stream: RowStream,
  kind: BatchKind,
  defaults: RowDefaults,
  planner: RunPlanner,
  tally: Tally,
  spill?: Spill,
): Promise<CheckResult> {
  const result: CheckResult = {
    rows: 0,
    invalid: new FirstLines<InvalidRow>(),
    ignoredColumns: [],
    repeats: [],
    toSend: 0,
    alreadySent: 0,
    unknown: 0,
  };
  const repeats = new RepeatFinder();
  let checker: RowChecker | undefined;
  for await (const raw of stream.rows) {
    result.rows++;
    checker ??= rowChecker(kind, stream, defaults);
    const row = checker.check(raw);
    if ('reason' in row) {
      result.invalid.add(row);
      continue;
    }
    const first = repeats.firstLine(row.digest, row.line);
    if (first !== undefined && result.repeats.length < REPEATS_NAMED)
      result.repeats.push({ line: row.line, firstLine: first });
    const decision = planner.decide(row);
    if (decision === 'sent') result.alreadySent++;
    else if (decision === 'unknown') {
      result.unknown++;
      tally.addEarlierUnknown(row.line, row.to);
    } else {
      result.toSend++;
      result.first ??= row;
      spill?.add(row);
    }
  }
  result.ignoredColumns = checker?.ignored ?? [];
  return result;
}

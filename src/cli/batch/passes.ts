// The two reads of a batch's input: the check pass (every row checked and planned before the first send) and the
// send pass (the rows to send, read again as the sending goes). Neither holds an object per row.
import { UsageError } from '../../errors.js';
import type { RawRow, RowStream } from './parse.js';
import { RepeatFinder } from './repeats.js';
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
  /** The checker the send pass uses again (undefined when the input has no rows). */
  checker?: RowChecker;
}

/** Checks and plans every row; earlier unknown rows go to `tally`. Throws what the checker refuses. */
export async function checkPass(
  stream: RowStream,
  kind: BatchKind,
  defaults: RowDefaults,
  planner: RunPlanner,
  tally: Tally,
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
  for await (const raw of stream.rows) {
    result.rows++;
    result.checker ??= rowChecker(kind, stream, defaults);
    const row = result.checker.check(raw);
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
    }
  }
  result.ignoredColumns = result.checker?.ignored ?? [];
  return result;
}

/** The rows to send, checked and planned again as they are read (the same input gives the same answers). */
export async function* sendPass(
  rows: AsyncIterable<RawRow>,
  checker: RowChecker,
  planner: RunPlanner,
  invalidExpected: number,
): AsyncIterable<BatchRow> {
  let invalid = 0;
  for await (const raw of rows) {
    const row = checker.check(raw);
    if ('reason' in row) {
      if (++invalid > invalidExpected) throw changedInput();
      continue;
    }
    if (planner.decide(row) === 'send') yield row;
  }
}

function changedInput(): UsageError {
  return new UsageError(
    'The input changed after its rows were checked (a row that was valid no longer is) — the rows sent so far are in the journal; fix the input and --resume',
  );
}

// Whole-input forms of the batch's streaming passes, for unit tests over small inputs held in memory: the CLI itself
// never holds every row (src/cli/commands/send/batch/passes.ts streams them).
import type { EarlierRuns } from '../../../../src/cli/commands/send/batch/journal.js';
import type { RecordedRow } from '../../../../src/cli/commands/send/batch/journal-records.js';
import {
  openRows,
  type BatchFormat,
  type InputShape,
  type RawRow,
} from '../../../../src/cli/commands/send/batch/parse.js';
import { RepeatFinder } from '../../../../src/cli/commands/send/batch/repeats.js';
import { RunPlanner, type ResumeFlags } from '../../../../src/cli/commands/send/batch/resume.js';
import {
  rowChecker,
  type BatchKind,
  type BatchRow,
  type InvalidRow,
  type RowDefaults,
} from '../../../../src/cli/commands/send/batch/rows.js';

export interface ParsedInput extends InputShape {
  rows: RawRow[];
}

export interface CheckedRows {
  valid: BatchRow[];
  invalid: InvalidRow[];
  /** Columns the kind does not use (read and ignored). */
  ignoredColumns: string[];
  /** Lines that repeat an earlier line's recipient and content. */
  repeats: { line: number; firstLine: number }[];
}

export interface ResumePlan {
  toSend: BatchRow[];
  alreadySent: number;
  /** Rows an earlier run started without learning the outcome, not sent again. */
  unknown: [number, RecordedRow][];
}

/** Parses a whole input; a broken header or unreadable CSV is a usage error. */
export async function parseRows(text: string, format: BatchFormat): Promise<ParsedInput> {
  const stream = await openRows(() => [text], format, 'the input');
  const rows: RawRow[] = [];
  for await (const row of stream.rows) rows.push(row);
  return { format, columns: stream.columns, rows };
}

/** Validates every row of a whole input, as the check pass does row by row. */
export function checkRows(kind: BatchKind, input: ParsedInput, defaults: RowDefaults): CheckedRows {
  const result: CheckedRows = { valid: [], invalid: [], ignoredColumns: [], repeats: [] };
  if (input.rows.length === 0) return result;
  const checker = rowChecker(kind, input, defaults);
  result.ignoredColumns = checker.ignored;
  const repeats = new RepeatFinder();
  for (const raw of input.rows) {
    const outcome = checker.check(raw);
    if ('reason' in outcome) {
      result.invalid.push(outcome);
      continue;
    }
    const first = repeats.firstLine(outcome.digest, outcome.line);
    if (first !== undefined) result.repeats.push({ line: outcome.line, firstLine: first });
    result.valid.push(outcome);
  }
  return result;
}

/** Plans a run over whole rows: throws what RunPlanner refuses. */
export function planRun(
  rows: BatchRow[],
  earlier: EarlierRuns | undefined,
  journal: string,
  flags: ResumeFlags,
): ResumePlan {
  const planner = new RunPlanner(earlier, journal, flags);
  const refused = planner.refusal();
  if (refused) throw refused;
  const plan: ResumePlan = { toSend: [], alreadySent: 0, unknown: [] };
  for (const row of rows) {
    const decision = planner.decide(row);
    if (decision === 'sent') plan.alreadySent++;
    else if (decision === 'unknown') plan.unknown.push([row.line, earlier?.rows.get(row.line) as RecordedRow]);
    else plan.toSend.push(row);
  }
  const changed = planner.changedInput();
  if (changed) throw changed;
  return plan;
}

// Which rows a run sends: earlier runs' journal decides what is already sent, what failed and what is unknown.
import { UsageError } from '../../errors.js';
import type { EarlierRuns, RowState } from './journal.js';
import type { BatchRow } from './rows.js';

export interface ResumePlan {
  toSend: BatchRow[];
  alreadySent: number;
  /** Rows an earlier run started without learning the outcome, not sent again. */
  unknown: [number, RowState][];
}

/** Sent rows are skipped, failed rows sent again, unknown rows only with --resend-unknown. */
export function planRun(
  rows: BatchRow[],
  earlier: EarlierRuns | undefined,
  journal: string,
  flags: { resume: boolean; resendUnknown: boolean },
): ResumePlan {
  const recorded = earlier?.rows ?? new Map<number, RowState>();
  if (flags.resume && recorded.size === 0) {
    throw new UsageError(
      `--resume: the journal ${journal} ${earlier ? 'records no rows' : 'does not exist'}, so there is nothing to resume — pass the --journal the first run used, or leave out --resume to start the batch`,
    );
  }
  if (recorded.size > 0 && !flags.resume) {
    const sent = [...recorded.values()].filter((row) => row.state === 'sent').length;
    throw new UsageError(
      `The journal ${journal} already records ${recorded.size} rows of an earlier run (${sent} sent) — add --resume to send only what is left, or pass another --journal to start over`,
    );
  }
  checkSameInput(rows, recorded, journal);
  const plan: ResumePlan = { toSend: [], alreadySent: 0, unknown: [] };
  for (const row of rows) {
    const state = recorded.get(row.line);
    if (state?.state === 'sent') plan.alreadySent++;
    else if ((state?.state === 'sending' || state?.state === 'unknown') && !flags.resendUnknown)
      plan.unknown.push([row.line, state]);
    else plan.toSend.push(row);
  }
  return plan;
}

/**
 * A line that may have reached someone (sent, in flight, unknown) but now says something else means the input
 * changed. A failed line reached no one, so it may be fixed (or its template or message changed) before resuming.
 */
function checkSameInput(rows: BatchRow[], recorded: Map<number, RowState>, journal: string): void {
  const changed = rows.filter((row) => {
    const state = recorded.get(row.line);
    return state !== undefined && state.state !== 'failed' && state.digest !== row.digest;
  });
  if (changed.length === 0) return;
  const lines = changed
    .slice(0, 5)
    .map((row) => row.line)
    .join(', ');
  throw new UsageError(
    `The input changed since the journal ${journal} was written: line${changed.length > 1 ? 's' : ''} ${lines}${changed.length > 5 ? ' …' : ''} now ${changed.length > 1 ? 'say' : 'says'} something else — resume with the same input, or pass another --journal to start a new batch`,
  );
}

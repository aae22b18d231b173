// Which rows a run sends: earlier runs' journal decides what is already sent, what failed and what is unknown.
import { UsageError } from '../../../../errors.js';
import type { EarlierRuns } from './journal.js';
import type { BatchRow } from './rows.js';

export interface ResumeFlags {
  resume: boolean;
  resendUnknown: boolean;
}

/** What becomes of a row in this run. */
export type Decision = 'send' | 'sent' | 'unknown';

const LINES_NAMED = 5;

/**
 * Decides row by row (so that the rows can stream past): sent rows are skipped, failed rows sent again, unknown
 * rows only with --resend-unknown. Lines that changed since they may have reached someone are noted for `check`.
 */
export class RunPlanner {
  private readonly changed: number[] = [];
  private changedCount = 0;

  constructor(
    private readonly earlier: EarlierRuns | undefined,
    private readonly journal: string,
    private readonly flags: ResumeFlags,
  ) {}

  /** Refuses a --resume with nothing to resume, and a journal reused without --resume. */
  refusal(): UsageError | undefined {
    const recorded = this.earlier?.rows;
    const size = recorded?.size ?? 0;
    if (this.flags.resume && size === 0) {
      return new UsageError(
        `--resume: the journal ${this.journal} ${this.earlier ? 'records no rows' : 'does not exist'}, so there is nothing to resume — pass the --journal the first run used, or leave out --resume to start the batch`,
      );
    }
    if (recorded && size > 0 && !this.flags.resume) {
      let sent = 0;
      for (const row of recorded.values()) if (row.state === 'sent') sent++;
      return new UsageError(
        `The journal ${this.journal} already records ${size} rows of an earlier run (${sent} sent) — add --resume to send only what is left, or pass another --journal to start over`,
      );
    }
    return undefined;
  }

  decide(row: BatchRow): Decision {
    const state = this.earlier?.rows.get(row.line);
    if (state === undefined) return 'send';
    // A line that may have reached someone but now says something else means the input changed; a failed line
    // reached no one, so it may be fixed (or its template or message changed) before resuming.
    if (state.state !== 'failed' && !row.digest.startsWith(state.digest)) {
      if (this.changed.length < LINES_NAMED) this.changed.push(row.line);
      this.changedCount++;
    }
    if (state.state === 'sent') return 'sent';
    if ((state.state === 'sending' || state.state === 'unknown') && !this.flags.resendUnknown) return 'unknown';
    return 'send';
  }

  /** The refusal for an input that changed under the journal, once every row has been decided. */
  changedInput(): UsageError | undefined {
    if (this.changedCount === 0) return undefined;
    const many = this.changedCount > 1;
    return new UsageError(
      `The input changed since the journal ${this.journal} was written: line${many ? 's' : ''} ${this.changed.join(', ')}${this.changedCount > LINES_NAMED ? ' …' : ''} now ${many ? 'say' : 'says'} something else — resume with the same input, or pass another --journal to start a new batch`,
    );
  }
}

// What a batch run did: counts, failures grouped by reason, rows whose delivery is unknown; as JSON or as lines.
import type { Outcome, RowState } from './journal-records.js';
import { duration, perSecond } from './progress.js';
import type { BatchRow, InvalidRow } from './rows.js';
import type { StopReason } from './runner.js';

/** Lines (and rows) listed per group in the summary; `notListed` says how many more there are. */
export const LISTED_LINES = 20;

/**
 * Distinct failure reasons the summary keeps apart; rows refused for yet another reason (answers that name the row,
 * say) are counted in one last group, so that a batch's summary takes the same memory whatever the answers say.
 */
export const REASONS_KEPT = 100;

/** The message of the last group, for rows whose reason is beyond the first REASONS_KEPT. */
export const OTHER_REASONS = `other reasons (more than ${REASONS_KEPT} different answers; each row's is in the journal)`;

export interface FailureGroup {
  status: number | null;
  message: string;
  count: number;
  /** The first LISTED_LINES lines, in order. */
  lines: number[];
  /** Present when the group has more lines than are listed. */
  notListed?: number;
  /** Present on the last group, which counts the rows refused for reasons beyond the first REASONS_KEPT. */
  other?: true;
}

export interface UnknownRow {
  line: number;
  to: string;
  message: string;
}

export interface BatchSummary {
  input: string;
  journal: string | null;
  rows: number;
  sent: number;
  alreadySent: number;
  failed: { count: number; reasons: FailureGroup[] };
  skipped: { count: number; invalid: InvalidRow[]; notListed?: number };
  unknown: { count: number; rows: UnknownRow[]; notListed?: number };
  notAttempted: number;
  stopped: StopReason;
  seconds: number;
  perSecond: number;
}

/**
 * Keeps the LISTED_LINES items with the lowest lines of a list that may be as long as the batch, so that a summary
 * of any batch takes the same memory; `count` is how many were offered.
 */
export class FirstLines<T extends { line: number } | number> {
  count = 0;
  readonly items: T[] = [];

  add(item: T): void {
    this.count++;
    const line = lineOf(item);
    if (this.items.length === LISTED_LINES && line >= lineOf(this.items[LISTED_LINES - 1] as T)) return;
    let at = this.items.length;
    while (at > 0 && lineOf(this.items[at - 1] as T) > line) at--;
    this.items.splice(at, 0, item);
    if (this.items.length > LISTED_LINES) this.items.pop();
  }

  /** `{ notListed }` when some were left out, else nothing (so that a full list reads as before). */
  notListed(): { notListed?: number } {
    return this.count > this.items.length ? { notListed: this.count - this.items.length } : {};
  }
}

function lineOf(item: { line: number } | number): number {
  return typeof item === 'number' ? item : item.line;
}

interface Group {
  status: number | null;
  message: string;
  lines: FirstLines<number>;
}

/** Collects outcomes as they arrive and turns them into the summary; holds no object per row. */
export class Tally {
  sent = 0;
  failedCount = 0;
  private readonly failures = new Map<string, Group>();
  private otherFailures: Group | undefined;
  private readonly unknownRows = new FirstLines<UnknownRow & { earlier?: true }>();

  get unknownCount(): number {
    return this.unknownRows.count;
  }

  add(row: BatchRow, outcome: Outcome): void {
    if (outcome.state === 'sent') this.sent++;
    else if (outcome.state === 'unknown')
      this.unknownRows.add({ line: row.line, to: row.to, message: outcome.message });
    else this.addFailure(row.line, outcome.status, outcome.message);
  }

  /** A row an earlier run left unknown and this run does not send again; its message comes with `earlierMessages`. */
  addEarlierUnknown(line: number, to: string): void {
    this.unknownRows.add({ line, to, message: STOPPED_MID_SEND, earlier: true });
  }

  /** Lines of the earlier unknown rows the summary lists, whose messages are in the journal. */
  earlierUnknownLines(): Set<number> {
    return new Set(this.unknownRows.items.filter((row) => row.earlier).map((row) => row.line));
  }

  /** Gives the listed earlier unknown rows what the journal says of them. */
  earlierMessages(states: ReadonlyMap<number, RowState>): void {
    for (const row of this.unknownRows.items) {
      const state = states.get(row.line);
      if (row.earlier && state?.state === 'unknown') row.message = state.message;
    }
  }

  summary(fields: Omit<BatchSummary, 'sent' | 'failed' | 'unknown'>): BatchSummary {
    const reasons = [...this.failures.values()].map(failureGroup).sort((a, b) => b.count - a.count);
    if (this.otherFailures) reasons.push({ ...failureGroup(this.otherFailures), other: true });
    return {
      input: fields.input,
      journal: fields.journal,
      rows: fields.rows,
      sent: this.sent,
      alreadySent: fields.alreadySent,
      failed: { count: this.failedCount, reasons },
      skipped: fields.skipped,
      unknown: {
        count: this.unknownRows.count,
        rows: this.unknownRows.items.map(({ line, to, message }) => ({ line, to, message })),
        ...this.unknownRows.notListed(),
      },
      notAttempted: fields.notAttempted,
      stopped: fields.stopped,
      seconds: Math.round(fields.seconds * 1000) / 1000,
      perSecond: Math.round(fields.perSecond * 10) / 10,
    };
  }

  private addFailure(line: number, status: number | null, message: string): void {
    this.failedCount++;
    const key = `${status} ${message}`;
    let group = this.failures.get(key);
    if (!group && this.failures.size < REASONS_KEPT) {
      group = { status, message, lines: new FirstLines<number>() };
      this.failures.set(key, group);
    }
    group ??= this.otherFailures ??= { status: null, message: OTHER_REASONS, lines: new FirstLines<number>() };
    group.lines.add(line);
  }
}

function failureGroup({ status, message, lines }: Group): FailureGroup {
  return { status, message, count: lines.count, lines: [...lines.items], ...lines.notListed() };
}

const STOPPED_MID_SEND = 'the run stopped while this row was being sent';

const LISTED = 10;

/** The human summary: one headline, then failures, skipped and unknown rows, then where the journal is. */
export function summaryLines(s: BatchSummary): string[] {
  const lines = [headline(s)];
  if (s.failed.count > 0) {
    lines.push('Failed:');
    for (const group of s.failed.reasons.slice(0, LISTED)) {
      const reason = group.status === null ? group.message : `${group.status} ${group.message}`;
      lines.push(`  ${group.count} × ${reason} (${lineList(group.lines, group.count)})`);
    }
    const unlisted = s.failed.reasons.slice(LISTED);
    if (unlisted.length > 0) {
      const rows = unlisted.reduce((sum, group) => sum + group.count, 0);
      lines.push(
        `  … and ${rows} more, for other reasons (--json groups them by reason; the journal has each row's answer)`,
      );
    }
  }
  if (s.skipped.count > 0) {
    lines.push('Skipped as invalid:');
    for (const row of s.skipped.invalid.slice(0, LISTED)) lines.push(`  line ${row.line}: ${row.reason}`);
    if (s.skipped.count > LISTED) lines.push(`  … and ${s.skipped.count - LISTED} more`);
  }
  if (s.unknown.count > 0) {
    lines.push('Unknown — may have been delivered, so not sent again (check, then --resume --resend-unknown):');
    for (const row of s.unknown.rows.slice(0, LISTED)) lines.push(`  line ${row.line} → ${row.to}: ${row.message}`);
    if (s.unknown.count > LISTED) lines.push(`  … and ${s.unknown.count - LISTED} more (all in the journal)`);
  }
  if (s.journal) lines.push(`Journal: ${s.journal}`);
  return lines;
}

function headline(s: BatchSummary): string {
  const parts = [`${s.sent} sent`];
  if (s.alreadySent > 0) parts.push(`${s.alreadySent} already sent`);
  parts.push(`${s.failed.count} failed`);
  if (s.skipped.count > 0) parts.push(`${s.skipped.count} skipped`);
  if (s.unknown.count > 0) parts.push(`${s.unknown.count} unknown`);
  if (s.notAttempted > 0) parts.push(`${s.notAttempted} not attempted`);
  const took = s.seconds < 60 ? `${s.seconds.toFixed(1)} s` : duration(s.seconds);
  const pace = `${took}, ${perSecond(s.perSecond)}/s`;
  return `Batch of ${s.rows} row${s.rows === 1 ? '' : 's'} from ${s.input}: ${parts.join(', ')} (${pace})`;
}

function lineList(lines: number[], count: number): string {
  const shown = lines.slice(0, LISTED).join(', ');
  return `line${count === 1 ? '' : 's'} ${shown}${count > LISTED ? ` … +${count - LISTED}` : ''}`;
}

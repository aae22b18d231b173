// What a batch run did: counts, failures grouped by reason, rows whose delivery is unknown; as JSON or as lines.
import type { Outcome, RowState } from './journal.js';
import { duration, perSecond } from './progress.js';
import type { BatchRow, InvalidRow } from './rows.js';
import type { StopReason } from './runner.js';

export interface FailureGroup {
  status: number | null;
  message: string;
  count: number;
  lines: number[];
}

export interface BatchSummary {
  input: string;
  journal: string | null;
  rows: number;
  sent: number;
  alreadySent: number;
  failed: { count: number; reasons: FailureGroup[] };
  skipped: { count: number; invalid: InvalidRow[] };
  unknown: { count: number; rows: { line: number; to: string; message: string }[] };
  notAttempted: number;
  stopped: StopReason;
  seconds: number;
  perSecond: number;
}

/** Collects outcomes as they arrive and turns them into the summary. */
export class Tally {
  sent = 0;
  private readonly failures = new Map<string, FailureGroup>();
  private readonly unknownRows: BatchSummary['unknown']['rows'] = [];
  failedCount = 0;

  get unknownCount(): number {
    return this.unknownRows.length;
  }

  add(row: BatchRow, outcome: Outcome): void {
    if (outcome.state === 'sent') this.sent++;
    else if (outcome.state === 'unknown')
      this.unknownRows.push({ line: row.line, to: row.to, message: outcome.message });
    else this.addFailure(row.line, outcome.status, outcome.message);
  }

  /** A row an earlier run left unknown and this run does not send again. */
  addEarlierUnknown(line: number, state: RowState): void {
    const message = state.state === 'unknown' ? state.message : 'the run stopped while this row was being sent';
    this.unknownRows.push({ line, to: state.to, message });
  }

  summary(fields: Omit<BatchSummary, 'sent' | 'failed' | 'unknown'>): BatchSummary {
    const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
    return {
      input: fields.input,
      journal: fields.journal,
      rows: fields.rows,
      sent: this.sent,
      alreadySent: fields.alreadySent,
      failed: { count: this.failedCount, reasons: [...this.failures.values()].sort((a, b) => b.count - a.count) },
      skipped: fields.skipped,
      unknown: { count: this.unknownRows.length, rows: [...this.unknownRows].sort(byLine) },
      notAttempted: fields.notAttempted,
      stopped: fields.stopped,
      seconds: Math.round(fields.seconds * 1000) / 1000,
      perSecond: Math.round(fields.perSecond * 10) / 10,
    };
  }

  private addFailure(line: number, status: number | null, message: string): void {
    this.failedCount++;
    const key = `${status} ${message}`;
    const group = this.failures.get(key) ?? { status, message, count: 0, lines: [] };
    group.count++;
    group.lines.push(line);
    this.failures.set(key, group);
  }
}

const LISTED = 10;

/** The human summary: one headline, then failures, skipped and unknown rows, then where the journal is. */
export function summaryLines(s: BatchSummary): string[] {
  const lines = [headline(s)];
  if (s.failed.count > 0) {
    lines.push('Failed:');
    for (const group of s.failed.reasons) {
      const reason = group.status === null ? group.message : `${group.status} ${group.message}`;
      lines.push(`  ${group.count} × ${reason} (${lineList(group.lines)})`);
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

function lineList(lines: number[]): string {
  const shown = [...lines]
    .sort((a, b) => a - b)
    .slice(0, LISTED)
    .join(', ');
  return `line${lines.length === 1 ? '' : 's'} ${shown}${lines.length > LISTED ? ` … +${lines.length - LISTED}` : ''}`;
}

// What `chatbot listen` does with each POST: filter by --events, print (a human line or an NDJSON line), forward,
// count, and report deliveries that failed.
import type { Context } from '../../context.js';
import { kindOf, labelOf, ndjsonLine, readEvent, type ReceivedEvent } from '../../../listen/event.js';
import { formatEventLine } from '../../../listen/format.js';
import type { ForwardOutcome } from '../../../api/forward.js';
import { describeOutcome, ForwardQueue, type AttemptReport } from '../../../listen/forward-queue.js';
import type { EventKind } from '../../../listen/options.js';
import { doneMark } from '../../../output/marks.js';

/** How long a human line waits for the forward target's first answer before it is printed without it. */
export const INLINE_STATUS_WAIT_MS = 2000;

export type ForwardSend = (event: ReceivedEvent, signal: AbortSignal) => Promise<ForwardOutcome>;

export interface SessionPlan {
  events: ReadonlySet<EventKind> | undefined;
  forwardTo: string | undefined;
  timeZone: string;
}

export class ListenSession {
  received = 0;
  skipped = 0;
  readonly queue: ForwardQueue | undefined;
  private printing: Promise<void> = Promise.resolve();
  /** Events whose line was printed before their first forward attempt settled. */
  private readonly late = new Set<number>();

  constructor(
    private readonly ctx: Context,
    private readonly plan: SessionPlan,
    send?: ForwardSend,
  ) {
    this.queue = send && new ForwardQueue({ send, onAttempt: (report) => this.onAttempt(report) });
  }

  /** Handles one POST body (the sender has been answered already). */
  accept(raw: Buffer, contentType: string | undefined): void {
    this.received += 1;
    const event = readEvent(this.received, raw, contentType, Date.now());
    if (!this.wanted(event)) {
      this.skipped += 1;
      return;
    }
    if (this.ctx.out.json) this.ctx.out.raw(`${ndjsonLine(event)}\n`);
    const first = this.queue?.forward(event);
    if (!this.ctx.out.json) this.printInOrder(event, first);
  }

  /** Waits until every accepted event's line has been printed. */
  async settled(): Promise<void> {
    await this.printing;
  }

  /** Writes a line on stderr in every mode: the ready line, undeliverable events and the summary must show under --json too. */
  notice(line: string): void {
    this.ctx.out.notice(line);
  }

  /** Reports a forward attempt that is not shown on the event's own line. */
  onAttempt(report: AttemptReport): void {
    const what = `${labelOf(report.event)} (${kindOf(report.event) ?? 'raw'})`;
    const style = this.ctx.out.errStyle;
    if (report.verdict === 'failed') {
      this.notice(`${style.red('✗')} Could not forward ${what} to ${this.plan.forwardTo}: ${report.reason}`);
      return;
    }
    if (report.attempt === 1 && !this.late.has(report.event.seq)) return;
    if (report.verdict === 'retrying') {
      const wait = ((report.retryInMs ?? 0) / 1000).toString();
      this.ctx.out.info(
        `${style.yellow('↻')} ${what}: ${describeOutcome(report.outcome)} — attempt ${report.attempt + 1} in ${wait} s`,
      );
      return;
    }
    this.ctx.out.info(
      `${doneMark(style)} ${what} forwarded on attempt ${report.attempt}: ${describeOutcome(report.outcome)}`,
    );
  }

  /** The closing lines: counts, and each event that could not be delivered. */
  summary(): string[] {
    const parts = [`${this.received} event${this.received === 1 ? '' : 's'} received`];
    if (this.plan.events) parts.push(`${this.skipped} skipped by --events`);
    if (this.queue) {
      parts.push(`${this.queue.forwarded} forwarded to ${this.plan.forwardTo}`);
      parts.push(`${this.queue.undelivered.length} not delivered`);
    }
    const lines = [`Stopped: ${parts.join(', ')}.`];
    for (const failed of this.queue?.undelivered ?? []) {
      lines.push(`  ${labelOf(failed.event)} (${kindOf(failed.event) ?? 'raw'}): ${failed.reason}`);
    }
    return lines;
  }

  private wanted(event: ReceivedEvent): boolean {
    if (!this.plan.events) return true;
    const kind = kindOf(event);
    return kind !== undefined && (this.plan.events as ReadonlySet<string>).has(kind);
  }

  /** Prints lines in arrival order; each waits briefly for its forward status so that it can show next to it. */
  private printInOrder(event: ReceivedEvent, first: Promise<AttemptReport> | undefined): void {
    this.printing = this.printing.then(async () => {
      const report = first === undefined ? undefined : await this.firstReport(event, first);
      const forward = first === undefined ? undefined : this.forwardLabel(report);
      const line = formatEventLine(event, {
        style: this.ctx.out.style,
        timeZone: this.plan.timeZone,
        maskKey: (key) => this.ctx.run.secrets.mask(key),
        ...(forward === undefined ? {} : { forward }),
      });
      this.ctx.out.raw(`${line}\n`);
    });
  }

  private async firstReport(event: ReceivedEvent, first: Promise<AttemptReport>): Promise<AttemptReport | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        this.late.add(event.seq);
        resolve(undefined);
      }, INLINE_STATUS_WAIT_MS);
    });
    const report = await Promise.race([first, late]);
    clearTimeout(timer);
    return report;
  }

  private forwardLabel(report: AttemptReport | undefined): string {
    const style = this.ctx.out.style;
    if (report === undefined) return style.dim('→ …');
    const outcome = describeOutcome(report.outcome);
    if (report.verdict === 'delivered') return style.green(`→ ${outcome}`);
    if (report.verdict === 'retrying') return style.yellow(`→ ${outcome}, retrying`);
    return style.red(`→ ${outcome}, not delivered`);
  }
}

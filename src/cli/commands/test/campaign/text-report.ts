// The summary a load run prints at its end: the answer time over the run and per step (slowest first), failures (the
// first few as `chatbot test` prints them), refused requests, webhook deliveries, duplicate answers, where the limit
// was, and each threshold.
import type { ChalkInstance } from 'chalk';
import { formatMs } from '../durations.js';
import { conversationLines } from '../report/human.js';
import type { ConversationResult } from '../run/results.js';
import type { Percentiles } from './stats.js';
import type { LoadSummary } from './summary.js';

const STEP_ROWS = 10;

const ms = (value: number | null) => (value === null ? '—' : formatMs(value));

function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)].map((text) => `  ${text}`);
}

function percentileCells(figures: Percentiles): string[] {
  return [String(figures.count), ms(figures.p50), ms(figures.p90), ms(figures.p95), ms(figures.p99), ms(figures.max)];
}

const HEAD = ['n', 'p50', 'p90', 'p95', 'p99', 'max'];

function webhookLines(summary: LoadSummary): string[] {
  const { webhooks } = summary;
  if (!webhooks.complete && webhooks.attempts === 0)
    return ['Webhook deliveries: not measured (the live event stream was not available)'];
  const latency = webhooks.latency;
  return [
    `Webhook deliveries: ${webhooks.attempts} attempts, ${webhooks.failed} failed, ${webhooks.retries} retries, ${webhooks.givenUp} given up; latency p50 ${ms(latency.p50)}, p95 ${ms(latency.p95)}, max ${ms(latency.max)}`,
  ];
}

function rejectedLines(summary: LoadSummary): string[] {
  const { rejected } = summary;
  const head = `Bot requests refused by the emulator: ${rejected.count} of ${rejected.of}`;
  return [
    head,
    ...rejected.reasons
      .slice(0, 5)
      .map(
        (entry) =>
          `  ${entry.count} × ${entry.status ?? 'dropped'} ${entry.operation ?? ''}${entry.reason ? `: ${entry.reason}` : ''}`,
      ),
  ];
}

function duplicateLines(summary: LoadSummary): string[] {
  const { duplicates } = summary;
  const redelivered = summary.redeliver > 0 ? ` (${duplicates.redelivered} events delivered twice by --redeliver)` : '';
  return [
    `Contacts answered twice for one step: ${duplicates.count}${redelivered}`,
    ...duplicates.contacts.slice(0, 10).map((entry) => `  ${entry.contact} ${entry.conversation} › ${entry.step}`),
  ];
}

/** The summary's lines; `failures` are the first failed contacts, printed as `chatbot test` prints a conversation. */
export function loadSummaryLines(
  summary: LoadSummary,
  failures: readonly ConversationResult[],
  style: ChalkInstance,
): string[] {
  const { contacts } = summary;
  const peak = Math.max(0, ...summary.timeline.map((second) => second.answers));
  return [
    ...failures.flatMap((result) => conversationLines(result, style)),
    ...(failures.length > 0 ? [''] : []),
    `Load: ${contacts.started} contacts in ${formatMs(summary.durationMs)} (${summary.arrival}): ${contacts.passed} passed, ${contacts.failed} failed`,
    '',
    'Answer time (a contact step to the bot’s next message):',
    ...table(['', ...HEAD], [['all steps', ...percentileCells(summary.answerTime)]]),
    `  ${summary.answerTime.unanswered} expectations got no message in time; peak ${peak} answers in one second`,
    '',
    'Slowest steps (by p95):',
    ...table(
      ['step', ...HEAD, 'none'],
      summary.steps.slice(0, STEP_ROWS).map((step) => [step.step, ...percentileCells(step), String(step.unanswered)]),
    ),
    '',
    `Expectation failures: ${summary.failures.count} contacts${summary.failures.count > failures.length ? ` (the first ${failures.length} above)` : ''}`,
    ...rejectedLines(summary),
    ...webhookLines(summary),
    ...duplicateLines(summary),
    `CPU: this process ${Math.round(summary.cpu.process * 100)}% of a core; ${summary.cpu.verdict}`,
    '',
    ...summary.thresholds.map(
      (threshold) =>
        `${threshold.passed ? style.green('✓') : style.red('✗')} ${threshold.name} ${threshold.limit}: ${threshold.value}`,
    ),
  ];
}

// The readable report: each conversation as it finishes (in file order), each of its steps, and for a failure the
// expectation against what the bot sent (a diff) and the conversation so far; a summary at the end.
import type { ChalkInstance } from 'chalk';
import { formatMs } from '../durations.js';
import type { ConversationResult, StepResult } from '../run/results.js';
import { titleOf } from '../run/results.js';
import { countsOf, failureDetail, summaryLine } from './detail.js';
import { doneMark } from '../../../../output/marks.js';

function stepLine(step: StepResult, style: ChalkInstance): string {
  if (step.status === 'passed') return `    ${doneMark(style)} ${step.number} ${step.label}`;
  if (step.status === 'failed') return `    ${style.red('✗')} ${step.number} ${step.label}`;
  return style.dim(`    · ${step.number} ${step.label} (not run)`);
}

function diffLine(line: string, style: ChalkInstance): string {
  if (line.startsWith('-')) return style.red(line);
  return line.startsWith('+') ? style.green(line) : line;
}

function failureLines(result: ConversationResult, style: ChalkInstance): string[] {
  const detail = failureDetail(result);
  if (!detail) return [];
  const diff =
    detail.diff.length === 0
      ? []
      : ['      - expected, + sent:', ...detail.diff.map((line) => `        ${diffLine(line, style)}`)];
  const transcript =
    detail.transcript.length === 0 ? ['        (nothing yet)'] : detail.transcript.map((line) => `        ${line}`);
  const diagnosis =
    detail.diagnosis.length === 0
      ? []
      : [
          '      what the emulator saw from the bot:',
          ...detail.diagnosis.map((line) => `        ${style.yellow(line)}`),
        ];
  return [
    `      ${style.red(`${detail.step.failure?.type === 'error' ? 'Error' : 'Failed'} at ${result.conversation.file}:${detail.step.line}`)}: ${detail.message}`,
    ...diff,
    '      conversation so far:',
    ...transcript,
    ...diagnosis,
  ];
}

/** The lines of one conversation. */
export function conversationLines(result: ConversationResult, style: ChalkInstance): string[] {
  const title = titleOf(result.conversation);
  if (result.status === 'skipped') return [style.dim(`- ${title} (skipped: ${result.skipped ?? ''})`)];
  const mark = result.status === 'passed' ? doneMark(style) : style.red('✗');
  return [
    `${mark} ${title}`,
    ...result.steps.flatMap((step) => [
      stepLine(step, style),
      ...(step.status === 'failed' ? failureLines(result, style) : []),
    ]),
  ];
}

/** The closing lines: how long the run took, then the counts. */
export function summaryLines(results: readonly ConversationResult[], durationMs: number): string[] {
  return [
    '',
    `Ran ${results.length} conversation${results.length === 1 ? '' : 's'} in ${formatMs(durationMs)}`,
    summaryLine(countsOf(results)),
  ];
}

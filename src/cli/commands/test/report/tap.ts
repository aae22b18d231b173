// TAP version 14: one test point per conversation, a YAML block with the failure (step, line, expectation, diff,
// conversation so far), skipped ones as `# SKIP`.
import { stringify } from 'yaml';
import type { ConversationResult } from '../run/results.js';
import { titleOf } from '../run/results.js';
import { countsOf, failureDetail, summaryLine } from './detail.js';

/** A test point's description: no `#` (it starts a directive) and no line break. */
function description(text: string): string {
  return text.replace(/#/g, '\\#').replace(/\s*\n\s*/g, ' ');
}

function diagnostics(result: ConversationResult): string[] {
  const detail = failureDetail(result);
  if (!detail) return [];
  const block = stringify(
    {
      step: detail.step.number,
      at: `${result.conversation.file}:${detail.step.line}`,
      action: detail.step.label,
      message: detail.message,
      ...(detail.diff.length === 0 ? {} : { diff: detail.diff.join('\n') }),
      ...(detail.diagnosis.length === 0 ? {} : { emulator: detail.diagnosis }),
      conversation: detail.transcript,
    },
    { lineWidth: 0 },
  ).trimEnd();
  return ['  ---', ...block.split('\n').map((line) => `  ${line}`), '  ...'];
}

function testPoint(result: ConversationResult, number: number): string[] {
  const name = description(titleOf(result.conversation));
  if (result.status === 'skipped') return [`ok ${number} - ${name} # SKIP ${description(result.skipped ?? '')}`];
  if (result.status === 'passed') return [`ok ${number} - ${name}`];
  return [`not ok ${number} - ${name}`, ...diagnostics(result)];
}

export function tapReport(results: readonly ConversationResult[]): string {
  const lines = [
    'TAP version 14',
    `1..${results.length}`,
    ...results.flatMap((result, index) => testPoint(result, index + 1)),
    `# ${summaryLine(countsOf(results))}`,
  ];
  return `${lines.join('\n')}\n`;
}

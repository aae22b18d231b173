// GitHub Actions annotations: each failed conversation as one `::error file=…,line=…::` workflow command at its
// failing step's line, so the failure shows on the pull request's diff (as vitest's and eslint's reporters do).
import type { ConversationResult } from '../run/results.js';
import { titleOf } from '../run/results.js';
import { countsOf, failureDetail, summaryLine } from './detail.js';

/** A workflow command's message: `%`, CR and LF escaped (GitHub's toolkit does the same). */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value: also `:` and `,`, which end it. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function annotation(result: ConversationResult): string[] {
  const detail = failureDetail(result);
  if (!detail) return [];
  const body = [
    detail.message,
    ...(detail.diff.length ? ['', '- expected, + sent:', ...detail.diff] : []),
    ...(detail.diagnosis.length ? ['', 'what the emulator saw from the bot:', ...detail.diagnosis] : []),
  ];
  const properties = [
    `file=${escapeProperty(result.conversation.file)}`,
    `line=${detail.step.line}`,
    `title=${escapeProperty(`${titleOf(result.conversation)}: step ${detail.step.number} ${detail.step.label}`)}`,
  ];
  return [`::error ${properties.join(',')}::${escapeData(body.join('\n'))}`];
}

export function githubReport(results: readonly ConversationResult[]): string {
  return `${[...results.flatMap(annotation), summaryLine(countsOf(results))].join('\n')}\n`;
}

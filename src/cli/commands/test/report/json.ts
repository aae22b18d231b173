// The --json (or --reporter json) document: the counts, then each conversation with its steps and, for a failure,
// the expectation, what the bot sent, the diff and the conversation so far.
import type { ConversationResult } from '../run/results.js';
import { countsOf, failureDetail } from './detail.js';

function conversationEntry(result: ConversationResult): Record<string, unknown> {
  const detail = failureDetail(result);
  const failure = detail?.step.failure;
  return {
    file: result.conversation.file,
    name: result.conversation.spec.name,
    status: result.status,
    durationMs: result.durationMs,
    ...(result.skipped === undefined ? {} : { skipped: result.skipped }),
    steps: result.steps.map((step) => ({
      step: step.number,
      line: step.line,
      action: step.action,
      label: step.label,
      status: step.status,
    })),
    ...(detail && failure
      ? {
          failure: {
            step: detail.step.number,
            line: detail.step.line,
            type: failure.type,
            message: failure.message,
            expected: failure.expected ?? null,
            actual: failure.actual ?? null,
            diff: detail.diff,
            diagnosis: detail.diagnosis,
            conversation: result.transcript,
          },
        }
      : {}),
  };
}

export function jsonReport(results: readonly ConversationResult[], durationMs: number): Record<string, unknown> {
  const counts = countsOf(results);
  return {
    status: counts.failed === 0 ? 'passed' : 'failed',
    conversations: results.length,
    ...counts,
    durationMs,
    results: results.map(conversationEntry),
  };
}

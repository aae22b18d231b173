// What every report says about a failed conversation: the step (number, line, label), the sentence of what was expected
// and what came instead, the diff, and the conversation so far.
import type { ConversationResult, StepResult } from '../run/results.js';
import { failedStep } from '../run/results.js';
import { diffLines } from './diff.js';

export interface FailureDetail {
  step: StepResult;
  /** `step 3 (menu.yaml:14): expected buttons [A, B]; the bot sent … instead` */
  headline: string;
  message: string;
  diff: string[];
  transcript: string[];
  /** What the emulator saw from the bot since the step before (empty when it was not read). */
  diagnosis: string[];
}

export function failureDetail(result: ConversationResult): FailureDetail | undefined {
  const step = failedStep(result);
  if (!step?.failure) return undefined;
  const { failure } = step;
  const where = `${result.conversation.file}:${step.line}`;
  return {
    step,
    headline: `step ${step.number} (${where}): ${failure.message}`,
    message: failure.message,
    diff: failure.expected && failure.actual ? diffLines(failure.expected, failure.actual) : [],
    transcript: result.transcript.map((line) => `${line.who}: ${line.text}`),
    diagnosis: failure.diagnosis ?? [],
  };
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export function countsOf(results: readonly ConversationResult[]): Counts {
  const count = (status: ConversationResult['status']) => results.filter((result) => result.status === status).length;
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
}

/** `Conversations: 3 passed, 1 failed, 0 skipped`: the closing line of the readable and TAP reports. */
export function summaryLine(counts: Counts): string {
  return `Conversations: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
}

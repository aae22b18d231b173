// What a run found: each conversation's steps, how each went, and the conversation as it happened.
import type { Action, Conversation } from '../file-types.js';

export type StepStatus = 'passed' | 'failed' | 'not run';

export interface StepFailure {
  /** `failure`: the bot did not do what was expected; `error`: the step itself could not be done. */
  type: 'failure' | 'error';
  /** One sentence: the step, the expectation, and what happened instead. */
  message: string;
  /** The expectation and what the bot sent, as comparable lines (for the diff). */
  expected?: string[];
  actual?: string[];
  /** What the emulator saw from the bot since the step before (requests, webhook deliveries), one fact a line. */
  diagnosis?: string[];
}

export interface StepResult {
  /** From 1. */
  number: number;
  /** The step's line in its file. */
  line: number;
  action: Action;
  /** `say "oi"`, `expect buttons [A, B]`, … */
  label: string;
  status: StepStatus;
  failure?: StepFailure;
}

/** One line of the conversation so far: who (a contact's name, or `bot`) and what. */
export interface TranscriptLine {
  who: string;
  text: string;
}

export type ConversationStatus = 'passed' | 'failed' | 'skipped';

export interface ConversationResult {
  conversation: Conversation;
  status: ConversationStatus;
  durationMs: number;
  steps: StepResult[];
  transcript: TranscriptLine[];
  /** Why a skipped conversation did not run (--bail after a failure, Ctrl-C). */
  skipped?: string;
}

/** The step that failed, when one did. */
export function failedStep(result: ConversationResult): StepResult | undefined {
  return result.steps.find((step) => step.status === 'failed');
}

/** `file › name`: how reports name a conversation. */
export function titleOf(conversation: Conversation): string {
  return `${conversation.file} › ${conversation.spec.name}`;
}

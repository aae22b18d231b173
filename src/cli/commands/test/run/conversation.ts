// Runs one conversation: its fixtures (a group, the clock), then its steps in order until one fails; the steps after
// a failure are not run. A conversation that moved the clock puts it back to real time when it ends.
import { ApiError, NetworkError } from '../../../../errors.js';
import { actionOf, movesClock, type Conversation, type StepSpec } from '../file-types.js';
import { advanceClock, expectDelivered, expectMessage, expectNothing, pause } from './bot-steps.js';
import { runContactStep } from './contact-steps.js';
import { ConversationState, StepFailed, type RunDeps } from './conversation-state.js';
import { stepLabel } from './labels.js';
import { diagnose } from './diagnosis.js';
import type { ConversationResult, StepFailure, StepResult } from './results.js';

async function runStep(state: ConversationState, step: StepSpec, index: number): Promise<void> {
  const action = actionOf(step);
  if (step.expect !== undefined) return expectMessage(state, step.expect, step.within);
  if (step.nothing !== undefined) return expectNothing(state, step.nothing);
  if (step.webhook !== undefined) return expectDelivered(state, step.within);
  if (step.advance !== undefined) return advanceClock(state, step.advance);
  if (step.wait !== undefined) return pause(state, step.wait);
  return runContactStep(state, step, action, index);
}

async function startFixtures(state: ConversationState): Promise<void> {
  const { spec } = state.conversation;
  if (spec.clock !== undefined) await state.deps.control.setClock({ at: spec.clock });
  if (spec.group) {
    const participants = [...state.people.values()].map((id) => ({ id, admin: false }));
    const title = spec.group.title ?? spec.name.slice(0, 100);
    const created = await state.deps.control.createGroup({
      appkey: state.appkey,
      titulo: title,
      participantes: participants,
    });
    state.groupId = created.grupo;
    state.chats.add(created.grupo);
  }
  for (const phone of state.people.values()) state.chats.add(phone);
}

/** A failure that is not the bot's: the emulator refused or could not be reached. */
function errorFailure(error: unknown): StepFailure {
  if (error instanceof StepFailed) return error.failure;
  if (error instanceof ApiError || error instanceof NetworkError) {
    return { type: 'error', message: `the emulator could not do it: ${error.message}` };
  }
  throw error;
}

function outOfTime(state: ConversationState, failure: StepFailure, timedOut: boolean): StepFailure {
  if (!timedOut) return failure;
  const seconds = state.deps.conversationLimitMs / 1000;
  return { ...failure, message: `the conversation ran out of its ${seconds} s (--timeout): ${failure.message}` };
}

async function runSteps(state: ConversationState, timedOut: () => boolean): Promise<StepResult[]> {
  const { conversation } = state;
  const results: StepResult[] = [];
  const startedAt: number[] = [];
  let failed = false;
  for (const [index, step] of conversation.spec.steps.entries()) {
    const result: StepResult = {
      number: index + 1,
      line: conversation.stepLines[index] ?? 0,
      action: actionOf(step),
      label: stepLabel(step),
      status: failed ? 'not run' : 'passed',
    };
    results.push(result);
    if (failed) continue;
    startedAt.push(Date.now());
    try {
      if (index === 0) await startFixtures(state);
      state.deps.observer?.stepStarted(state, index);
      await runStep(state, step, index);
    } catch (error) {
      failed = true;
      result.status = 'failed';
      result.failure = outOfTime(state, errorFailure(error), timedOut());
      // What the bot did since the step before this one (its answer to a contact's step comes during the next).
      const since = startedAt.at(-2) ?? startedAt[0] ?? Date.now();
      if (state.deps.facts && result.failure.type === 'failure')
        result.failure.diagnosis = await diagnose(state, since, state.deps.facts);
    }
    state.deps.observer?.stepEnded(state, index, result);
  }
  return results;
}

/**
 * Runs the conversation and reports each step; it never throws for what the bot or the emulator did. `withState`
 * sees the conversation's state before it starts (a load run keeps it, to look for late repeats at the end).
 */
export async function runConversation(
  conversation: Conversation,
  deps: RunDeps,
  withState?: (state: ConversationState) => void,
): Promise<ConversationResult> {
  const started = Date.now();
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), deps.conversationLimitMs);
  const state = new ConversationState(conversation, deps, AbortSignal.any([deps.signal, timer.signal]));
  withState?.(state);
  state.startClock(started);
  try {
    const steps = await runSteps(state, () => timer.signal.aborted);
    state.syncTranscript();
    const status = steps.some((step) => step.status === 'failed') ? 'failed' : 'passed';
    return { conversation, status, durationMs: Date.now() - started, steps, transcript: state.transcript };
  } finally {
    clearTimeout(timeout);
    if (movesClock(conversation.spec)) await deps.control.resetClock().catch(() => undefined);
  }
}

// What the bot is expected to do: send a message (the next one it sends to the conversation), send nothing for a
// while, answer the contact's webhook events; and the steps that move time (the emulator's clock, a bounded pause).
import type { WebhookDelivery } from '../../../../api/emulator-control.js';
import { sleep } from '../../../wait/backoff.js';
import { durationMs, formatMs } from '../durations.js';
import type { Duration, ExpectationSpec } from '../file-types.js';
import { ConversationState, StepFailed } from './conversation-state.js';
import { describeExpectation, describeSent, expectationOf, expectedLines, matches, sentLines } from './expectations.js';
import { fillExpectation } from './placeholders.js';
import type { SentMessage } from './sent.js';

/**
 * The webhook deliveries of the contact's events so far that the bot has not answered 2xx, oldest first. Only the
 * device's pending and failed deliveries are read, not the delivered ones, so a long suite's reads do not grow with
 * every event before them. Pending first, then failed: a delivery that fails between the two reads is seen twice
 * (counted once), never missed.
 */
async function unanswered(state: ConversationState): Promise<WebhookDelivery[]> {
  const ids = new Set(state.contactMessages.map((message) => message.id));
  const found = new Map<number, WebhookDelivery>();
  for (const estado of ['pending', 'failed'] as const) {
    for (const delivery of (await state.deps.control.webhooks({ appkey: state.appkey, estado })).entregas ?? []) {
      if (ids.has(String(delivery.evento.idMessagem))) found.set(delivery.id, delivery);
    }
  }
  return [...found.values()].sort((a, b) => a.id - b.id);
}

/** Why the bot may have sent nothing: the webhook deliveries of the contact's events that did not succeed. */
async function deliveryTrouble(state: ConversationState): Promise<string> {
  const last = (await unanswered(state)).at(-1);
  if (!last) return '';
  const error = last.ultimoErro ? `: ${last.ultimoErro}` : '';
  return ` (the webhook delivery of the contact's last event is ${last.estado} after ${last.tentativas} attempts${error})`;
}

async function nextMessage(
  state: ConversationState,
  expectation: ReturnType<typeof expectationOf>,
  within: number,
): Promise<SentMessage | undefined> {
  if (expectation.kind === 'schedule') {
    const feed = state.deps.feeds.schedules(state.appkey);
    return feed.waitFor(() => state.schedules()[state.schedulesConsumed], state.deadline(within), state.signal);
  }
  const feed = state.deps.feeds.outbox(state.appkey);
  return feed.waitFor(() => state.botMessages()[state.consumed], state.deadline(within), state.signal);
}

/** The bot's next message (or schedule) is the one expected. */
export async function expectMessage(
  state: ConversationState,
  raw: string | ExpectationSpec,
  within?: Duration,
): Promise<void> {
  const expectation = expectationOf(fillExpectation(raw, state.contactValues));
  const limit = within === undefined ? state.deps.stepLimitMs : durationMs(within);
  const sent = await nextMessage(state, expectation, limit);
  const expected = expectedLines(expectation);
  if (!sent) {
    const message = `expected ${describeExpectation(expectation)} within ${formatMs(limit)}; the bot sent nothing${await deliveryTrouble(state)}`;
    throw new StepFailed({ type: 'failure', message, expected, actual: ['(nothing)'] });
  }
  if (expectation.kind === 'schedule') state.schedulesConsumed += 1;
  else state.consumed += 1;
  if (matches(expectation, sent, state.quotedText)) return;
  throw new StepFailed({
    type: 'failure',
    message: `expected ${describeExpectation(expectation)}; the bot sent ${describeSent(sent)} instead`,
    expected,
    actual: sentLines(expectation, sent, state.quotedText),
  });
}

/** The bot sends nothing more to the conversation for `duration` (a bounded wait that ends early when it does). */
export async function expectNothing(state: ConversationState, duration: Duration): Promise<void> {
  const ms = durationMs(duration);
  const feed = state.deps.feeds.outbox(state.appkey);
  const extra = await feed.waitFor(() => state.botMessages()[state.consumed], state.deadline(ms), state.signal);
  if (!extra) return;
  throw new StepFailed({
    type: 'failure',
    message: `expected nothing for ${formatMs(ms)}; the bot sent ${describeSent(extra)}`,
    expected: ['(nothing)'],
    actual: [describeSent(extra)],
  });
}

/** Every webhook event of the contact's messages so far was answered 2xx by the bot. */
export async function expectDelivered(state: ConversationState, within?: Duration): Promise<void> {
  const deadline = state.deadline(within === undefined ? undefined : durationMs(within));
  let left: WebhookDelivery[] = [];
  while (Date.now() < deadline && !state.signal.aborted) {
    left = await unanswered(state);
    if (left.length === 0) return;
    await sleep(50, state.signal);
  }
  const last = left.at(-1);
  const error = last?.ultimoErro ? ` (last error: ${last.ultimoErro})` : '';
  throw new StepFailed({
    type: 'failure',
    message: `expected the bot to answer 2xx to every event of the contact; ${left.length} not answered${error}`,
  });
}

/** The emulator's clock moves forward; what became due (scheduled messages) goes out at once. */
export async function advanceClock(state: ConversationState, duration: Duration): Promise<void> {
  await state.deps.control.advanceClock({ by: String(durationMs(duration)) });
}

/** A pause (the file checks keep it within a step's longest limit), ending early at the conversation's end. */
export function pause(state: ConversationState, duration: Duration): Promise<void> {
  return sleep(Math.max(0, state.deadline(durationMs(duration)) - Date.now()), state.signal);
}

// What a contact (or a group member) does: writes, clicks a button by its text, votes, reacts, replies quoting a
// message, shares a location or sends a file, each played through the emulator's control API (/__emulator/inbound).
import { ApiError, type CliError } from '../../../../errors.js';
import type { InboundEvent, InboundRequest } from '../../../../api/emulator-control.js';
import type { StepSpec, TextMatch } from '../file-types.js';
import { ConversationState, StepFailed } from './conversation-state.js';
import { describeMatch, describeSent, textMatches } from './expectations.js';
import type { SentMessage } from './sent.js';
import { goesByNumber } from './placeholders.js';

/** The bot's latest message `pick` accepts, waiting (up to the step limit) for one to come. */
async function latestBotMessage(
  state: ConversationState,
  pick: (message: SentMessage) => boolean,
  missing: (sent: SentMessage[]) => string,
): Promise<SentMessage> {
  const feed = state.deps.feeds.outbox(state.appkey);
  const found = await feed.waitFor(() => lastOf(state.botMessages(), pick), state.deadline(), state.signal);
  if (found) return found;
  throw new StepFailed({ type: 'failure', message: missing(state.botMessages()) });
}

const CLICKABLE = new Set(['buttons', 'carousel', 'template']);

function seenButtons(sent: SentMessage[]): string {
  const buttons = sent.filter((message) => CLICKABLE.has(message.kind)).flatMap((message) => message.buttons ?? []);
  return buttons.length === 0 ? 'it sent none' : `the buttons it sent: ${buttons.join(', ')}`;
}

/** The last item `pick` accepts (Array.prototype.findLast is ES2023, beyond this project's lib). */
function lastOf<T>(items: readonly T[], pick: (item: T) => boolean): T | undefined {
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const item = items[index] as T;
    if (pick(item)) return item;
  }
  return undefined;
}

function sayings(state: ConversationState): { id: string; text?: string }[] {
  return [...state.contactMessages, ...state.botMessages()];
}

/** The message a reply quotes: the latest whose text matches `quoting`, or the bot's latest message. */
async function quotedMessage(state: ConversationState, quoting: TextMatch | undefined): Promise<string> {
  if (quoting === undefined) {
    return (
      await latestBotMessage(
        state,
        () => true,
        () => 'there is no message of the bot to reply to',
      )
    ).id;
  }
  const found = lastOf(sayings(state), (message) => textMatches(quoting, message.text));
  if (found) return found.id;
  const message = `no message of the conversation has a text ${describeMatch(quoting)} to quote`;
  throw new StepFailed({ type: 'failure', message });
}

interface Played {
  evento: InboundEvent;
  fields: Record<string, unknown>;
  /** What the transcript shows. */
  shown: string;
  /** The text a later reply may quote. */
  text: string;
}

async function clickFields(state: ConversationState, text: string): Promise<Played> {
  const message = await latestBotMessage(
    state,
    (sent) => CLICKABLE.has(sent.kind) && (sent.buttons ?? []).includes(text),
    (sent) => `no message of the bot has a button "${text}" (${seenButtons(sent)})`,
  );
  return { evento: 'button', fields: { idMensagem: message.id, opcao: text }, shown: `clicks "${text}"`, text };
}

async function voteFields(state: ConversationState, vote: string | string[]): Promise<Played> {
  const options = Array.isArray(vote) ? vote : [vote];
  const poll = await latestBotMessage(
    state,
    (sent) => sent.kind === 'poll',
    () => 'the bot sent no poll to vote on',
  );
  return {
    evento: 'poll_vote',
    fields: { idMensagem: poll.id, opcoes: options },
    shown: `votes ${options.join(', ')} on ${describeSent(poll)}`,
    text: options.join(', '),
  };
}

async function reactFields(state: ConversationState, emoji: string): Promise<Played> {
  const target = await latestBotMessage(
    state,
    () => true,
    () => 'there is no message of the bot to react to',
  );
  return { evento: 'reaction', fields: { idMensagem: target.id, emoji }, shown: `reacts ${emoji}`, text: emoji };
}

async function replyFields(state: ConversationState, step: StepSpec & { reply: string }): Promise<Played> {
  const quoted = await quotedMessage(state, step.quoting);
  const shown = `replies "${step.reply}" quoting "${state.quotedText(quoted) ?? ''}"`;
  return { evento: 'text', fields: { mensagem: step.reply, idMensagem: quoted }, shown, text: step.reply };
}

/** The inbound event a contact step plays. */
async function played(state: ConversationState, step: StepSpec): Promise<Played> {
  if (step.say !== undefined)
    return { evento: 'text', fields: { mensagem: step.say }, shown: step.say, text: step.say };
  if (step.click !== undefined) return clickFields(state, step.click);
  if (step.vote !== undefined) return voteFields(state, step.vote);
  if (step.react !== undefined) return reactFields(state, step.react);
  if (step.reply !== undefined) return replyFields(state, { ...step, reply: step.reply });
  if (step.location !== undefined) {
    const { latitude, longitude, text } = step.location;
    const fields = { latitude, longitude, ...(text === undefined ? {} : { mensagem: text }) };
    return { evento: 'location', fields, shown: `shares a location (${latitude}, ${longitude})`, text: text ?? '' };
  }
  const media = step.media ?? { url: '' };
  const fields = {
    url: media.url,
    ...(media.fileName === undefined ? {} : { nomeArquivo: media.fileName }),
    ...(media.type === undefined ? {} : { tipoMidia: media.type }),
    ...(media.caption === undefined ? {} : { mensagem: media.caption }),
  };
  return { evento: 'media', fields, shown: `sends a file ${media.fileName ?? media.url}`, text: media.caption ?? '' };
}

function refused(action: string, error: CliError): StepFailed {
  return new StepFailed({ type: 'error', message: `the emulator refused the contact's ${action}: ${error.message}` });
}

/** Plays a contact step: the contact's event goes to the bot's webhook. */
export async function runContactStep(
  state: ConversationState,
  step: StepSpec,
  action: string,
  index: number,
): Promise<void> {
  const who = step.from ?? state.speaker;
  const origin = {
    de: state.people.get(who),
    ...(goesByNumber(who) ? {} : { nome: who }),
    ...(state.groupId === undefined ? {} : { grupo: state.groupId }),
  };
  const event = await played(state, step);
  state.contactStepStarting(index);
  try {
    const answer = await state.deps.control.inbound({
      appkey: state.appkey,
      evento: event.evento,
      ...origin,
      ...event.fields,
    } as InboundRequest);
    state.recordContact(who, event.text, answer.idMessagem ?? '', event.shown);
  } catch (error) {
    if (error instanceof ApiError) throw refused(action, error);
    throw error;
  }
}

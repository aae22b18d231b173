// A contact's chat as a conversation file for `chatbot test` (docs/testing.md, "The format"): what the contact did
// becomes contact steps, what the bot sent becomes `expect` steps with its exact text. Every scalar is written as a
// JSON string or number, which YAML reads as is, so no text can break the file.
import type { ChatMessage } from '../../../control/types.js';

type Step = Record<string, unknown>;
type Content = Record<string, unknown>;

export interface ConversationFileInput {
  /** The device's appkey: the file's `device`. */
  appkey: string;
  /** The messages of the chat, oldest first. */
  messages: readonly ChatMessage[];
  /** The conversation's name; default from the contact. */
  name?: string;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const record = (value: unknown): Content =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Content) : {};
const defined = (fields: Content): Content =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''));

/** The text a `quoting` or `quotes` matches of a message, as the runner reads it. */
function textOf(message: ChatMessage): string {
  const { content } = message;
  if (message.direction === 'out') return str(message.kind === 'media' ? content.caption : content.message);
  return str(content.mensagem) || str(record(content.opcao).texto);
}

function buttonTexts(buttons: unknown, key: 'displaytext' | 'texto'): string[] {
  return list(buttons).map((button) => str(record(button)[key]));
}

/** The `expect` of one message the bot sent. */
function expectation(message: ChatMessage, byId: ReadonlyMap<string, ChatMessage>): Step | string {
  const c = message.content;
  const text = str(c.message);
  switch (message.kind) {
    case 'buttons':
      return { kind: 'buttons', text, buttons: buttonTexts(c.buttons, 'displaytext') };
    case 'poll':
      return { kind: 'poll', text, options: list(c.opcoes).map(String), multiple: c.multiplaEscolha === true };
    case 'carousel':
      return { kind: 'carousel', text, cards: list(c.cards).length };
    case 'template':
      return { kind: 'template', text, buttons: buttonTexts(c.botoes, 'texto') };
    case 'location':
      return defined({ kind: 'location', text });
    case 'media':
      return defined({
        kind: 'media',
        text: str(c.caption),
        media: defined({ type: str(c.mediaType), fileName: str(c.fileName) }),
      });
    case 'reaction':
      return { kind: 'reaction', emoji: text };
    case 'reply': {
      const quoted = byId.get(str(c.idMensagem));
      return defined({ kind: 'reply', text, quotes: str(c.respostaMensagem) || (quoted && textOf(quoted)) });
    }
    default:
      return text;
  }
}

/** The contact step of one message the contact sent; null for what no step plays (a reaction taken back). */
function contactStep(message: ChatMessage, byId: ReadonlyMap<string, ChatMessage>): Step | null {
  const c = message.content;
  switch (message.kind) {
    case 'button':
      return { click: str(record(c.opcao).texto) };
    case 'poll_vote': {
      const options = list(c.opcoes).map(String);
      return { vote: options.length === 1 ? options[0] : options };
    }
    case 'reaction': {
      const emoji = str(c.emoji);
      return emoji === '' || emoji === 'remove' ? null : { react: emoji };
    }
    case 'location':
      return { location: defined({ latitude: c.latitude, longitude: c.longitude, text: str(c.mensagem) }) };
    case 'media':
      return {
        media: defined({
          url: str(c.url),
          fileName: str(c.nomeArquivo),
          type: str(c.tipoMidia),
          caption: str(c.mensagem),
        }),
      };
    default: {
      const quotedId = str(c.idMensagemCitada);
      if (quotedId === '') return { say: str(c.mensagem) };
      const quoted = byId.get(quotedId);
      return defined({ reply: str(c.mensagem), quoting: quoted && textOf(quoted) });
    }
  }
}

/** The steps of a chat, in its order; messages the bot scheduled are left out (their time is not in the chat). */
export function conversationSteps(messages: readonly ChatMessage[]): Step[] {
  const byId = new Map(messages.map((m) => [m.id, m]));
  return messages.flatMap((message): Step[] => {
    if (message.direction === 'out') return message.agendamento_id ? [] : [{ expect: expectation(message, byId) }];
    const step = contactStep(message, byId);
    return step ? [step] : [];
  });
}

/** A YAML scalar or flow collection: JSON, with the two line separators JSON leaves raw escaped. */
function flow(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function stepLine(step: Step): string {
  const [key, value] = Object.entries(step)[0] ?? ['', ''];
  const rest = Object.entries(step).slice(1);
  const extra = rest.map(([k, v]) => `\n        ${k}: ${flow(v)}`).join('');
  return `      - ${key}: ${flow(value)}${extra}`;
}

/** The whole conversation file of a contact's chat. */
export function conversationFile({ appkey, messages, name }: ConversationFileInput): string {
  const contact = messages.find((m) => m.direction === 'in' && m.nome)?.nome ?? 'Contact';
  const steps = conversationSteps(messages);
  return [
    "# Exported from the emulator's console: run it with `chatbot test FILE --bot-url URL`.",
    `device: ${flow(appkey)}`,
    'conversations:',
    `  - name: ${flow(name ?? `chat with ${contact}`)}`,
    `    contact: ${flow(contact)}`,
    steps.length === 0 ? '    steps: []' : '    steps:',
    ...steps.map(stepLine),
    '',
  ].join('\n');
}

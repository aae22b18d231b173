// A contact's chat as a conversation file for `chatbot test` (docs/testing.md, "The format"): what the contact did
// becomes contact steps, what the bot sent in answer becomes `expect` steps with its exact text, in which the contact's
// name and number are the placeholders the runner fills for each run (`{{contact.name}}`, `{{contact.number}}`: a
// run's contact has a new number); a contact without a name goes by its number (`contact: "{{contact.number}}"`), as
// its events do. What is not the bot's answer to the chat is left out, and the file says so. Every scalar is written as a JSON string or number, which YAML reads as is, so no text can break the file.
import type { ChatMessage } from '../../../control/types.js';

/** The emulator's address when started without --port: a file exported there runs without naming it. */
const DEFAULT_EMULATOR_URL = 'http://127.0.0.1:8484';

/** Who the chat's contact is: the name they go by in the emulator ('' when none) and their number (digits). */
export interface ExportedContact {
  name: string;
  number: string;
}

export interface ConversationFileInput {
  /** The device's name: the file's `device`, the appkey a run makes it with (never the device's own key). */
  device: string;
  /** The messages of the chat, oldest first. */
  messages: readonly ChatMessage[];
  /** The chat's contact; without it, the name their messages carry and no placeholders. */
  contact?: ExportedContact;
  /** The emulator the chat is in (the console's origin): the run command names it. */
  emulatorUrl?: string;
  /** The device's webhook: the run command for a fresh emulator names it as --bot-url. */
  webhook?: string;
  /** The conversation's name; default from the contact. */
  name?: string;
  /** How many of the bot's sends in this chat the emulator refused (a fault rule, a mistake): none is in the chat. */
  refused?: number;
}

type Step = Record<string, unknown>;
type Content = Record<string, unknown>;

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

/** Puts `{{contact.name}}` and `{{contact.number}}` where the contact's name (a whole word) and number are. */
type Placeholders = (text: string) => string;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function placeholders(contact: ExportedContact | undefined): Placeholders {
  const rules: [RegExp, string][] = [];
  if (contact?.number)
    rules.push([new RegExp(`(?<!\\d)${escapeRegExp(contact.number)}(?!\\d)`, 'g'), '{{contact.number}}']);
  if (contact?.name)
    rules.push([
      new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(contact.name)}(?![\\p{L}\\p{N}])`, 'gu'),
      '{{contact.name}}',
    ]);
  return (text) => rules.reduce((done, [pattern, placeholder]) => done.replace(pattern, placeholder), text);
}

/** The `expect` of one message the bot sent. */
function expectation(message: ChatMessage, byId: ReadonlyMap<string, ChatMessage>, fill: Placeholders): Step | string {
  const c = message.content;
  const text = fill(str(c.message));
  switch (message.kind) {
    case 'buttons':
      return { kind: 'buttons', text, buttons: buttonTexts(c.buttons, 'displaytext').map(fill) };
    case 'poll':
      return {
        kind: 'poll',
        text,
        options: list(c.opcoes).map(String).map(fill),
        multiple: c.multiplaEscolha === true,
      };
    case 'carousel':
      return { kind: 'carousel', text, cards: list(c.cards).length };
    case 'template':
      return { kind: 'template', text, buttons: buttonTexts(c.botoes, 'texto').map(fill) };
    case 'location':
      return defined({ kind: 'location', text });
    case 'media':
      return defined({
        kind: 'media',
        text: fill(str(c.caption)),
        media: defined({ type: str(c.mediaType), fileName: str(c.fileName) }),
      });
    case 'reaction':
      return { kind: 'reaction', emoji: text };
    case 'reply': {
      const quoted = byId.get(str(c.idMensagem));
      const quotes = str(c.respostaMensagem) || (quoted && textOf(quoted));
      return defined({ kind: 'reply', text, quotes: quotes && fill(quotes) });
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

/** What the export leaves out of a chat, counted by why. */
interface LeftOut {
  beforeContact: number;
  scheduled: number;
  fromCli: number;
  refused: number;
}

/** Why a message the device sent is no expectation of the file, or undefined when it is the bot's answer. */
function leftOutAs(message: ChatMessage, contactWrote: boolean): keyof LeftOut | undefined {
  if (message.agendamento_id || message.origem === 'schedule') return 'scheduled';
  if (message.origem === 'cli') return 'fromCli';
  return contactWrote ? undefined : 'beforeContact';
}

/** The steps of a chat and what was left out: messages the bot scheduled (their time is not in the chat), those sent
 * from the chatbot CLI (by hand, not by the bot) and those sent before the contact wrote (not answers to the chat: a
 * campaign). */
function exportedChat(
  messages: readonly ChatMessage[],
  contact?: ExportedContact,
): { steps: Step[]; leftOut: LeftOut } {
  const byId = new Map(messages.map((m) => [m.id, m]));
  const fill = placeholders(contact);
  const leftOut: LeftOut = { beforeContact: 0, scheduled: 0, fromCli: 0, refused: 0 };
  let contactWrote = false;
  const steps = messages.flatMap((message): Step[] => {
    if (message.direction === 'out') {
      const why = leftOutAs(message, contactWrote);
      if (why === undefined) return [{ expect: expectation(message, byId, fill) }];
      leftOut[why] += 1;
      return [];
    }
    contactWrote = true;
    const step = contactStep(message, byId);
    return step ? [step] : [];
  });
  return { steps, leftOut };
}

/** The steps of a chat, in its order (what the bot sent before the contact wrote, or scheduled, left out). */
export function conversationSteps(messages: readonly ChatMessage[], contact?: ExportedContact): Step[] {
  return exportedChat(messages, contact).steps;
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

/** The header's lines: how to run the file, and what it does not hold. */
function header(input: ConversationFileInput, leftOut: LeftOut): string[] {
  const url = (input.emulatorUrl ?? DEFAULT_EMULATOR_URL).replace(/\/+$/, '');
  const lines = [
    `# Exported from the emulator's console at ${url}. Run it against the same bot and emulator:`,
    `#   chatbot test FILE --emulator-url ${url}`,
    `# or on a fresh emulator (on ${DEFAULT_EMULATOR_URL}, with the bot's CHATBOT_APPKEY set to ${JSON.stringify(input.device)}):`,
    `#   chatbot test FILE --bot-url ${input.webhook || 'URL'}`,
    '# {{contact.name}} and {{contact.number}} stand for the name and number each run gives its contact.',
  ];
  const notes = [
    leftOut.beforeContact > 0
      ? `${leftOut.beforeContact} message(s) the device sent before the contact wrote (not answers to the chat)`
      : '',
    leftOut.scheduled > 0
      ? `${leftOut.scheduled} scheduled message(s) (add \`expect: { kind: schedule }\` and \`advance\` steps by hand)`
      : '',
    leftOut.fromCli > 0
      ? `${leftOut.fromCli} message(s) sent from the chatbot CLI (\`chatbot send\`, a template sent by hand), not by the bot`
      : '',
    leftOut.refused > 0
      ? `${leftOut.refused} send(s) of the bot the emulator refused (a fault rule, a mistake): they reached no one`
      : '',
  ].filter(Boolean);
  return notes.length === 0 ? lines : [...lines, '# Left out:', ...notes.map((note) => `#   - ${note}`)];
}

/** The contact of a chat who has no name: their events carry their number as `nome`, and so do a run's. */
const BY_NUMBER = '{{contact.number}}';

/** The whole conversation file of a contact's chat. */
export function conversationFile(input: ConversationFileInput): string {
  const { device, messages, name } = input;
  const named = input.contact?.name || messages.find((m) => m.direction === 'in' && m.nome)?.nome || '';
  const number = input.contact?.number ?? '';
  const exported = exportedChat(messages, input.contact && { name: named, number });
  const { steps } = exported;
  const leftOut = { ...exported.leftOut, refused: input.refused ?? 0 };
  const title = name ?? `chat with ${named || number || 'a contact'}`;
  return [
    ...header(input, leftOut),
    `device: ${flow(device)}`,
    'conversations:',
    `  - name: ${flow(title)}`,
    `    contact: ${flow(named || BY_NUMBER)}`,
    steps.length === 0 ? '    steps: []' : '    steps:',
    ...steps.map(stepLine),
    '',
  ].join('\n');
}

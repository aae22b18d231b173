// What a message the device sent says, by its outbox kind: the text, the buttons, the poll's options, the cards, the
// file's name and caption. Fields come from the service's users and are cleaned of terminal control characters.
import { clean, quoted, text } from '../../../../listen/content.js';

type Content = Record<string, unknown>;

/** The main line, and a line per carousel card. */
export interface Described {
  line: string;
  more: string[];
}

function records(value: unknown): Content[] {
  return Array.isArray(value) ? value.filter((item): item is Content => item !== null && typeof item === 'object') : [];
}

function joined(parts: (string | undefined)[]): string {
  return parts.filter((part) => part !== undefined && part !== '').join('  ');
}

function said(content: Content, ...names: string[]): string | undefined {
  const value = text(content, ...names);
  return value === undefined ? undefined : quoted(value);
}

/** `[Sim]` for a reply button, `[Site → https://…]` for a link, `[Ligar → +55…]` for a call. */
function button(raw: Content): string {
  const label = clean(text(raw, 'displaytext', 'texto', 'text') ?? text(raw, 'id') ?? '?');
  const action = text(raw, 'action');
  return action === undefined ? `[${label}]` : `[${label} → ${clean(action)}]`;
}

function buttons(value: unknown): string | undefined {
  const list = records(value).map(button);
  return list.length === 0 ? undefined : list.join(' ');
}

function footer(content: Content): string | undefined {
  const value = text(content, 'footer_text');
  return value === undefined ? undefined : `(footer ${quoted(value)})`;
}

function card(raw: Content, index: number): string {
  const titles = ['title', 'subtitle', 'description'].map((name) => said(raw, name));
  const image = text(raw, 'image_url');
  return joined([
    `card ${index + 1}:`,
    titles.filter((title) => title !== undefined).join(' — ') || '(no text)',
    image === undefined ? undefined : `image ${clean(image)}`,
    buttons(raw.buttons),
  ]);
}

function media(content: Content): string {
  const name = text(content, 'fileName', 'nomearquivo');
  const url = text(content, 'file');
  const size = text(content, 'size');
  return joined([
    clean(text(content, 'mediaType') ?? 'file'),
    name === undefined ? undefined : clean(name),
    said(content, 'caption', 'message'),
    url === undefined ? undefined : clean(url),
    size === undefined ? undefined : `(${clean(size)} bytes)`,
  ]);
}

function reply(content: Content): string {
  const quote = said(content, 'respostaMensagem');
  const target = clean(text(content, 'idMensagem') ?? '?');
  return joined([said(content, 'message'), `↩ ${quote === undefined ? '' : `${quote} `}(${target})`]);
}

function story(content: Content): string {
  const file = text(content, 'file');
  const background = text(content, 'backgroundColor');
  return joined([
    said(content, 'message'),
    file === undefined ? undefined : `${clean(text(content, 'mediaType') ?? 'file')} ${clean(file)}`,
    background === undefined ? undefined : `background ${clean(background)}`,
  ]);
}

function poll(content: Content): string {
  const options = Array.isArray(content.opcoes) ? content.opcoes.map((option) => `○ ${clean(String(option))}`) : [];
  const choice = content.multiplaEscolha === true ? '(several choices)' : '(one choice)';
  return joined([said(content, 'message'), options.join('  '), choice]);
}

function location(content: Content): string {
  const latitude = text(content, 'latitude') ?? '?';
  const longitude = text(content, 'longitude') ?? '?';
  const map = text(content, 'mapa');
  return joined([
    `${clean(latitude)}, ${clean(longitude)}`,
    map === undefined ? undefined : clean(map),
    said(content, 'message'),
  ]);
}

function reaction(content: Content): string {
  const emoji = text(content, 'message');
  const target = clean(text(content, 'id') ?? '?');
  return emoji === undefined || emoji === 'remove' ? `reaction removed on ${target}` : `${clean(emoji)} on ${target}`;
}

function template(content: Content): string {
  const id = text(content, 'template_id');
  const replies = records(content.botoes).map((raw) => `[${clean(text(raw, 'texto') ?? '?')}]`);
  return joined([
    said(content, 'message'),
    replies.join(' '),
    id === undefined ? undefined : `(template ${clean(id)})`,
  ]);
}

const LINES: Readonly<Record<string, (content: Content) => string>> = {
  text: (content) => said(content, 'message') ?? '(no text)',
  media,
  reply,
  story,
  location,
  poll,
  reaction,
  template,
  buttons: (content) => {
    const header = text(content, 'header_title');
    const title = header === undefined ? undefined : `*${clean(header)}*`;
    return joined([title, said(content, 'message'), buttons(content.buttons), footer(content)]);
  },
  carousel: (content) => joined([said(content, 'message'), footer(content)]),
};

/** A sent message of outbox kind `kind`; an unknown kind shows its text, else its fields' names. */
export function describeSent(kind: string, content: Content): Described {
  const line = Object.hasOwn(LINES, kind) ? LINES[kind]?.(content) : said(content, 'message');
  const more = kind === 'carousel' ? records(content.cards).map(card) : [];
  return { line: line ?? `fields: ${Object.keys(content).map(clean).join(', ')}`, more };
}

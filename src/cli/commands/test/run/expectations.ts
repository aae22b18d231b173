// Expectations against what the bot sent: whether a message matches, and both sides written as the same lines, so
// that a failure shows a diff of what was expected against what came.
import type { ExpectationSpec, MessageKind, TextMatch } from '../file-types.js';
import type { SentMessage } from './sent.js';

export type Expectation = ExpectationSpec & { kind: MessageKind };

/** Fields only one kind has, in the order they decide an expectation's kind. */
const IMPLIED_KINDS: readonly [keyof ExpectationSpec, MessageKind][] = [
  ['options', 'poll'],
  ['multiple', 'poll'],
  ['cards', 'carousel'],
  ['buttons', 'buttons'],
  ['media', 'media'],
  ['emoji', 'reaction'],
  ['quotes', 'reply'],
];

/** The kind an expectation names, or the one its fields imply (buttons → buttons, options → poll, ...), else text. */
export function expectationOf(raw: string | ExpectationSpec): Expectation {
  if (typeof raw === 'string') return { kind: 'text', text: raw };
  const implied = IMPLIED_KINDS.find(([field]) => raw[field] !== undefined)?.[1] ?? 'text';
  return { ...raw, kind: raw.kind ?? implied };
}

export function textMatches(match: TextMatch, value: string | undefined): boolean {
  if (value === undefined) return false;
  if (typeof match === 'string') return value === match;
  if ('contains' in match) return value.includes(match.contains);
  return new RegExp(match.matches, match.flags).test(value);
}

export function describeMatch(match: TextMatch): string {
  if (typeof match === 'string') return JSON.stringify(match);
  if ('contains' in match) return `containing ${JSON.stringify(match.contains)}`;
  return `matching /${match.matches}/${match.flags ?? ''}`;
}

const list = (items: readonly string[]) => `[${items.join(', ')}]`;
const same = (a: readonly string[] | undefined, b: readonly string[]) =>
  a !== undefined && a.length === b.length && a.every((item, i) => item === b[i]);

/** `quoted` finds the text of a message by id (the conversation's own messages). */
export type QuotedText = (id: string) => string | undefined;

/** Lines naming each field the expectation checks, as expected (`field: value`). */
export function expectedLines(expectation: Expectation): string[] {
  const { kind, text, buttons, options, multiple, cards, media, emoji, quotes } = expectation;
  return [
    `kind: ${kind}`,
    ...(text === undefined ? [] : [`text: ${describeMatch(text)}`]),
    ...(buttons === undefined ? [] : [`buttons: ${list(buttons)}`]),
    ...(options === undefined ? [] : [`options: ${list(options)}`]),
    ...(multiple === undefined ? [] : [`multiple: ${String(multiple)}`]),
    ...(cards === undefined ? [] : [`cards: ${cards}`]),
    ...(media?.type === undefined ? [] : [`media type: ${media.type}`]),
    ...(media?.fileName === undefined ? [] : [`file name: ${describeMatch(media.fileName)}`]),
    ...(emoji === undefined ? [] : [`emoji: ${emoji}`]),
    ...(quotes === undefined ? [] : [`quotes: ${describeMatch(quotes)}`]),
  ];
}

function quotedOf(sent: SentMessage, quoted: QuotedText): string | undefined {
  return sent.quotedText ?? (sent.quotedId === undefined ? undefined : quoted(sent.quotedId));
}

const shown = (value: string | undefined) => (value === undefined ? '(none)' : JSON.stringify(value));

/** The same lines for what was sent: the fields the expectation checks, with the values the message has. */
export function sentLines(expectation: Expectation, sent: SentMessage, quoted: QuotedText): string[] {
  const { text, buttons, options, multiple, cards, media, emoji, quotes } = expectation;
  return [
    `kind: ${sent.kind}`,
    ...(text === undefined ? [] : [`text: ${shown(sent.text)}`]),
    ...(buttons === undefined ? [] : [`buttons: ${list(sent.buttons ?? [])}`]),
    ...(options === undefined ? [] : [`options: ${list(sent.options ?? [])}`]),
    ...(multiple === undefined ? [] : [`multiple: ${String(sent.multiple ?? false)}`]),
    ...(cards === undefined ? [] : [`cards: ${sent.cards ?? 0}`]),
    ...(media?.type === undefined ? [] : [`media type: ${sent.mediaType ?? '(none)'}`]),
    ...(media?.fileName === undefined ? [] : [`file name: ${shown(sent.fileName)}`]),
    ...(emoji === undefined ? [] : [`emoji: ${sent.emoji ?? '(none)'}`]),
    ...(quotes === undefined ? [] : [`quotes: ${shown(quotedOf(sent, quoted))}`]),
  ];
}

/** Whether the message is what the expectation describes, field by field. */
export function matches(expectation: Expectation, sent: SentMessage, quoted: QuotedText): boolean {
  const { kind, text, buttons, options, multiple, cards, media, emoji, quotes } = expectation;
  return (
    sent.kind === kind &&
    (text === undefined || textMatches(text, sent.text)) &&
    (buttons === undefined || same(sent.buttons, buttons)) &&
    (options === undefined || same(sent.options, options)) &&
    (multiple === undefined || (sent.multiple ?? false) === multiple) &&
    (cards === undefined || sent.cards === cards) &&
    (media?.type === undefined || sent.mediaType === media.type) &&
    (media?.fileName === undefined || textMatches(media.fileName, sent.fileName)) &&
    (emoji === undefined || sent.emoji === emoji) &&
    (quotes === undefined || textMatches(quotes, quotedOf(sent, quoted)))
  );
}

/** One line for a step: `buttons "Escolha" [A, B]`. */
export function describeExpectation(expectation: Expectation): string {
  const parts: string[] = [expectation.kind];
  if (expectation.text !== undefined) parts.push(describeMatch(expectation.text));
  if (expectation.buttons !== undefined) parts.push(list(expectation.buttons));
  if (expectation.options !== undefined) parts.push(list(expectation.options));
  if (expectation.cards !== undefined) parts.push(`${expectation.cards} cards`);
  if (expectation.media !== undefined) {
    parts.push(
      [expectation.media.type, expectation.media.fileName && describeMatch(expectation.media.fileName)]
        .filter(Boolean)
        .join(' '),
    );
  }
  if (expectation.emoji !== undefined) parts.push(expectation.emoji);
  if (expectation.quotes !== undefined) parts.push(`quoting ${describeMatch(expectation.quotes)}`);
  return parts.join(' ');
}

/** One line for a message the bot sent: `buttons "Escolha uma opção" [A, B]`. */
export function describeSent(sent: SentMessage): string {
  const parts: string[] = [sent.kind];
  if (sent.kind === 'reaction') parts.push(sent.emoji ?? '');
  else if (sent.text !== undefined) parts.push(JSON.stringify(sent.text));
  if (sent.kind === 'media') parts.push(`${sent.mediaType ?? ''} ${sent.fileName ?? ''}`.trim());
  if (sent.options) parts.push(list(sent.options));
  if (sent.cards !== undefined) parts.push(`${sent.cards} cards`);
  if (sent.buttons && sent.buttons.length > 0) parts.push(list(sent.buttons));
  if (sent.at !== undefined) parts.push(`at ${sent.at}`);
  return parts.join(' ');
}

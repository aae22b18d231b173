// `{{contact.name}}` and `{{contact.number}}` in what a conversation expects: filled in for each run with the name
// the conversation's contact writes under and the number the run made for it, so a bot that greets by name (or says
// the number back) can be expected exactly, and a file exported from the console passes with new numbers.
import type { ExpectationSpec, TextMatch } from '../file-types.js';

export interface ContactValues {
  name: string;
  /** Digits, as the bot receives it in `chat`. */
  number: string;
}

const PLACEHOLDER = /\{\{\s*contact\.(name|number)\s*\}\}/g;

const BY_NUMBER = /^\{\{\s*contact\.number\s*\}\}$/;

/**
 * Whether a contact named `{{contact.number}}` goes by its number: it has no name, so its events carry none and the
 * emulator gives them the number as `nome` (as the service does for a contact without a profile name).
 */
export function goesByNumber(name: string): boolean {
  return BY_NUMBER.test(name);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with the placeholders filled in (escaped for a regular expression when `escape`). */
export function fillText(text: string, values: ContactValues, escape = false): string {
  return text.replace(PLACEHOLDER, (_match, field: 'name' | 'number') =>
    escape ? escapeRegExp(values[field]) : values[field],
  );
}

function fillMatch(match: TextMatch, values: ContactValues): TextMatch {
  if (typeof match === 'string') return fillText(match, values);
  if ('contains' in match) return { contains: fillText(match.contains, values) };
  return { ...match, matches: fillText(match.matches, values, true) };
}

/** The expectation with every text it compares filled in. */
export function fillExpectation(raw: string | ExpectationSpec, values: ContactValues): string | ExpectationSpec {
  if (typeof raw === 'string') return fillText(raw, values);
  const texts = (items: string[] | undefined) => items?.map((item) => fillText(item, values));
  const filled: ExpectationSpec = { ...raw };
  if (raw.text !== undefined) filled.text = fillMatch(raw.text, values);
  if (raw.quotes !== undefined) filled.quotes = fillMatch(raw.quotes, values);
  if (raw.buttons !== undefined) filled.buttons = texts(raw.buttons);
  if (raw.options !== undefined) filled.options = texts(raw.options);
  if (raw.media?.fileName !== undefined)
    filled.media = { ...raw.media, fileName: fillMatch(raw.media.fileName, values) };
  return filled;
}

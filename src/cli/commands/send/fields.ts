// Checks of single send values: coordinates, colours, template variables, poll options, reaction emoji.
import { UsageError } from '../../../errors.js';

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A decimal number within ±limit, returned as decimal text without a leading `+`. */
export function coordinate(flag: string, value: string, limit: number): string {
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed) || Math.abs(Number(trimmed)) > limit) {
    throw new UsageError(`${flag} must be a number from -${limit} to ${limit} (got "${value}")`);
  }
  return trimmed.replace(/^\+/, '');
}

export const latitude = (value: string): string => coordinate('--lat', value, 90);
export const longitude = (value: string): string => coordinate('--lng', value, 180);

const COLOUR = /^#?([0-9a-fA-F]{6})$/;

/** A `#RRGGBB` colour; the `#` may be left out because an unquoted `#` starts a shell comment. */
export function colour(flag: string, value: string): string {
  const match = COLOUR.exec(value.trim());
  if (!match) {
    throw new UsageError(
      `${flag} must be a colour as #RRGGBB, e.g. "#1E90FF" — quote it, the shell reads an unquoted # as a comment (got "${value}")`,
    );
  }
  return `#${match[1]}`;
}

/** `KEY=VALUE` pairs (split at the first `=`; the value may be empty) into the `variables` object. */
export function templateVariables(flag: string, pairs: string[]): Record<string, string> {
  const entries = new Map<string, string>();
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const key = at < 0 ? '' : pair.slice(0, at).trim();
    if (key === '') throw new UsageError(`${flag} must be KEY=VALUE, e.g. ${flag} nome=Ana (got "${pair}")`);
    if (entries.has(key)) throw new UsageError(`${flag} ${key} is given twice — give each variable once`);
    entries.set(key, pair.slice(at + 1));
  }
  return Object.fromEntries(entries);
}

export const MIN_POLL_OPTIONS = 2;
export const MAX_POLL_OPTIONS = 12;

/** 2 to 12 options, none blank, none repeated (ignoring case and surrounding spaces); returned trimmed. */
export function pollOptions(flag: string, options: string[]): string[] {
  if (options.length < MIN_POLL_OPTIONS || options.length > MAX_POLL_OPTIONS) {
    throw new UsageError(
      `${flag} must be given ${MIN_POLL_OPTIONS} to ${MAX_POLL_OPTIONS} times, once per option (got ${options.length})`,
    );
  }
  const trimmed = options.map((option) => option.trim());
  if (trimmed.includes('')) throw new UsageError(`${flag} values must not be empty`);
  const seen = new Set<string>();
  for (const option of trimmed) {
    const folded = option.toLocaleLowerCase('pt-BR');
    if (seen.has(folded)) throw new UsageError(`${flag} values must be unique ("${option}" is given twice)`);
    seen.add(folded);
  }
  return trimmed;
}

// Made on first use: creating a segmenter loads ICU's break data, about 20 ms, on the start-up of every send command.
let segmenter: Intl.Segmenter | undefined;
const EMOJI_PART = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/** Exactly one emoji (one grapheme: ZWJ sequences, skin tones, flags and keycaps count as one). */
export function singleEmoji(flag: string, value: string): string {
  const trimmed = value.trim();
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  const graphemes = [...segmenter.segment(trimmed)];
  if (graphemes.length !== 1 || !EMOJI_PART.test(trimmed)) {
    throw new UsageError(`${flag} must be exactly one emoji, e.g. 👍 (got "${value}")`);
  }
  return trimmed;
}

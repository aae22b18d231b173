// Reaction values: exactly one emoji (one grapheme, ZWJ sequences and flags included) or `remove`.

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const FLAG = /^\p{Regional_Indicator}{2}$/u;
const KEYCAP = /^[0-9#*]\uFE0F?\u20E3$/u;

/** The longest single emoji (a ZWJ family with skin tones) is well under this many UTF-16 units. */
const MAX_EMOJI_LENGTH = 64;

/** Exactly one grapheme that is an emoji. Long text is refused before segmenting, which costs time per segment. */
export function isSingleEmoji(value: string): boolean {
  if (value.length === 0 || value.length > MAX_EMOJI_LENGTH) return false;
  const segments = segmenter.segment(value)[Symbol.iterator]();
  if (segments.next().done || !segments.next().done) return false;
  return PICTOGRAPHIC.test(value) || FLAG.test(value) || KEYCAP.test(value);
}

/** A reaction's `message`: an emoji, or `remove` to take the reaction back. */
export function isReactionValue(value: string): boolean {
  return value === 'remove' || isSingleEmoji(value);
}

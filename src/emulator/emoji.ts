// Reaction values: exactly one emoji (one grapheme, ZWJ sequences and flags included) or `remove`.

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const FLAG = /^\p{Regional_Indicator}{2}$/u;
const KEYCAP = /^[0-9#*]\uFE0F?\u20E3$/u;

export function isSingleEmoji(value: string): boolean {
  const graphemes = [...segmenter.segment(value)];
  if (graphemes.length !== 1) return false;
  return PICTOGRAPHIC.test(value) || FLAG.test(value) || KEYCAP.test(value);
}

/** A reaction's `message`: an emoji, or `remove` to take the reaction back. */
export function isReactionValue(value: string): boolean {
  return value === 'remove' || isSingleEmoji(value);
}

// Reaction values: exactly one emoji, or `remove`.
import { describe, expect, it } from 'vitest';
import { isReactionValue, isSingleEmoji } from '../../../src/emulator/rules/emoji.js';

describe('reaction values', () => {
  it.each(['👍', '❤️', '👨‍👩‍👧', '🇧🇷', '👍🏽', '1️⃣', '🔥'])('%s is one emoji', (value) => {
    expect(isSingleEmoji(value)).toBe(true);
  });

  it.each(['legal', '👍👍', '', '1', 'a👍', ' '])('%j is not', (value) => {
    expect(isSingleEmoji(value)).toBe(false);
  });

  it('remove takes a reaction back', () => {
    expect(isReactionValue('remove')).toBe(true);
    expect(isReactionValue('Remove')).toBe(false);
  });
});

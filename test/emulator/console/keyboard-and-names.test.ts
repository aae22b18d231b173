// The console's pure helpers for the keyboard and for people: where an arrow key moves in a chat, a phone number as
// people write it, a chat list's time.
import { describe, expect, it } from 'vitest';
import { movedTo } from '../../../src/emulator/console/page/views/keyboard.js';
import { phoneNumber } from '../../../src/emulator/console/page/render/phone-number.js';
import { listTime } from '../../../src/emulator/console/page/views/chat-list-item.js';

describe('movedTo', () => {
  const keys = ['a', 'b', 'c'];
  it('moves one message up or down, stopping at the ends, and to either end with Home and End', () => {
    expect(movedTo(keys, 'b', 'ArrowUp')).toBe('a');
    expect(movedTo(keys, 'b', 'ArrowDown')).toBe('c');
    expect(movedTo(keys, 'a', 'ArrowUp')).toBe('a');
    expect(movedTo(keys, 'c', 'ArrowDown')).toBe('c');
    expect(movedTo(keys, 'b', 'Home')).toBe('a');
    expect(movedTo(keys, 'b', 'End')).toBe('c');
  });

  it('starts from the newest message when none is current, and leaves other keys to the page', () => {
    expect(movedTo(keys, undefined, 'ArrowUp')).toBe('b');
    expect(movedTo(keys, 'b', 'Enter')).toBeUndefined();
    expect(movedTo(keys, 'b', 'a')).toBeUndefined();
  });
});

describe('phoneNumber', () => {
  it('writes a Brazilian number with its area code and a hyphen, others with a plus', () => {
    expect(phoneNumber('5521998765432')).toBe('+55 21 99876-5432');
    expect(phoneNumber('551133334444')).toBe('+55 11 3333-4444');
    expect(phoneNumber('14155550100')).toBe('+14155550100');
    expect(phoneNumber('status@broadcast')).toBe('status@broadcast');
  });
});

describe('listTime', () => {
  it('gives today’s messages their time and older ones their date', () => {
    const now = new Date(2030, 0, 15, 18, 0);
    expect(listTime(new Date(2030, 0, 15, 9, 5).toISOString(), now)).toBe('09:05');
    expect(listTime(new Date(2030, 0, 3, 9, 5).toISOString(), now)).toBe('03/01');
  });
});

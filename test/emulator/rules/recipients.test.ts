// Phone numbers, group ids, http(s) URLs and coordinates as the service accepts them.
import { describe, expect, it } from 'vitest';
import { parseCoordinate } from '../../../src/emulator/rules/coordinates.js';
import {
  isGroupId,
  normalizeHttpUrl,
  normalizePhone,
  normalizeRecipient,
} from '../../../src/emulator/rules/recipients.js';

describe('recipients', () => {
  it.each([
    ['+5581989769960', '5581989769960'],
    ['5581989769960', '5581989769960'],
    ['+55 (81) 98976-9960', '5581989769960'],
    ['5581989769960@s.whatsapp.net', '5581989769960'],
    ['5581989769960@c.us', '5581989769960'],
  ])('phone %j → %j', (raw, digits) => expect(normalizePhone(raw)).toBe(digits));

  it.each(['abc', '123', '+0123456789', '1234567890123456', 'telefone', ''])('%j is not a phone number', (raw) => {
    expect(normalizePhone(raw)).toBeUndefined();
  });

  it('group ids pass unchanged; other text is neither', () => {
    expect(isGroupId('120363012345678901@g.us')).toBe(true);
    expect(isGroupId('5581989769960-1600000000@g.us')).toBe(true);
    expect(normalizeRecipient(' 120363012345678901@g.us ')).toBe('120363012345678901@g.us');
    expect(normalizeRecipient('grupo@g.us')).toBeUndefined();
  });

  it('webhooks must be absolute http(s) URLs and are kept as written', () => {
    expect(normalizeHttpUrl('http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000');
    expect(normalizeHttpUrl('ftp://exemplo.com/hook')).toBeUndefined();
    expect(normalizeHttpUrl('nao-e-url')).toBeUndefined();
  });
});

describe('coordinates', () => {
  it('takes decimal text and JSON numbers within range', () => {
    expect(parseCoordinate('-23.5505', 90)).toBe(-23.5505);
    expect(parseCoordinate(-46.6333, 180)).toBe(-46.6333);
    expect(parseCoordinate(1e-7, 90)).toBe(1e-7);
    expect(parseCoordinate('91', 90)).toBeUndefined();
    expect(parseCoordinate('leste', 180)).toBeUndefined();
    expect(parseCoordinate('1e5', 180)).toBeUndefined();
    expect(parseCoordinate(Number.NaN, 90)).toBeUndefined();
  });
});

// Wall-clock times in an IANA zone: parsing and formatting, across DST jumps.
import { describe, expect, it } from 'vitest';
import { assertZone, formatDate, formatDateTime, parseDateTime } from '../../../src/emulator/rules/zoned-time.js';

describe('parseDateTime', () => {
  it('reads a wall-clock time in the zone', () => {
    expect(parseDateTime('2030-01-15 10:00:00', 'America/Sao_Paulo')).toBe(Date.parse('2030-01-15T13:00:00Z'));
    expect(parseDateTime('2030-01-15 10:00:00', 'Asia/Tokyo')).toBe(Date.parse('2030-01-15T01:00:00Z'));
    expect(parseDateTime('2030-01-15 10:00:00', 'UTC')).toBe(Date.parse('2030-01-15T10:00:00Z'));
  });

  it.each([
    'amanhã às 10',
    '2030-13-01 10:00:00',
    '2030-02-30 10:00:00',
    '2030-01-01T10:00:00Z',
    '2030-01-01',
    '2030-01-01 24:00:00',
    '2030-01-01 10:60:00',
  ])('rejects %j', (value) => expect(parseDateTime(value, 'UTC')).toBeUndefined());

  it('moves a time skipped by a DST jump forward by the jump', () => {
    // New York skipped 02:00–03:00 on 2024-03-10; 02:30 does not exist and is read as 03:30 EDT.
    expect(parseDateTime('2024-03-10 02:30:00', 'America/New_York')).toBe(Date.parse('2024-03-10T07:30:00Z'));
  });

  it('takes the first instant of a time repeated when clocks go back', () => {
    expect(parseDateTime('2024-11-03 01:30:00', 'America/New_York')).toBe(Date.parse('2024-11-03T05:30:00Z'));
  });

  it('round-trips with formatDateTime', () => {
    const instant = Date.parse('2031-07-04T18:05:09Z');
    for (const zone of ['America/Sao_Paulo', 'Asia/Kolkata', 'Europe/Lisbon', 'Pacific/Chatham']) {
      expect(parseDateTime(formatDateTime(instant, zone), zone)).toBe(instant);
    }
  });
});

describe('formatting', () => {
  it('formats date-time and date in the zone', () => {
    const instant = Date.parse('2030-01-01T02:30:00Z');
    expect(formatDateTime(instant, 'America/Sao_Paulo')).toBe('2029-12-31 23:30:00');
    expect(formatDate(instant, 'America/Sao_Paulo')).toBe('2029-12-31');
    expect(formatDateTime(instant, 'Asia/Tokyo')).toBe('2030-01-01 11:30:00');
  });

  it('rejects unknown zones', () => {
    expect(() => assertZone('Marte/Base')).toThrow(RangeError);
    expect(() => assertZone('Asia/Tokyo')).not.toThrow();
  });
});

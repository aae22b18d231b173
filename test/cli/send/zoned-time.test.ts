// Wall-clock conversions of the send module: round trips as properties, DST gaps and repeats at known edges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatWallTime,
  instantsOf,
  isKnownZone,
  parseWallTime,
  wallAsUtc,
  wallTimeAt,
} from '../../../src/cli/commands/send/zoned-time.js';

const ZONES = [
  'America/Sao_Paulo',
  'America/New_York',
  'Europe/Lisbon',
  'Europe/London',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Apia',
  'America/St_Johns',
  'UTC',
];
const zone = fc.constantFrom(...ZONES);
/** Whole seconds between 1971 and 2100. */
const instant = fc.integer({ min: 31_536_000, max: 4_102_444_800 }).map((s) => s * 1000);

function wall(text: string) {
  const parsed = parseWallTime(text);
  if (!parsed) throw new Error(`bad wall time ${text}`);
  return parsed;
}

describe('wall times in a zone', () => {
  it('every instant is one of the instants its own wall time names', () => {
    fc.assert(
      fc.property(instant, zone, (at, z) => {
        expect(instantsOf(wallTimeAt(at, z), z)).toContain(at);
      }),
    );
  });

  it('every instant a wall time names shows that wall time, and there are at most two', () => {
    fc.assert(
      fc.property(instant, zone, fc.integer({ min: -7200, max: 7200 }), (at, z, shift) => {
        const target = wallTimeAt(at + shift * 1000, z);
        const found = instantsOf(target, z);
        expect(found.length).toBeLessThanOrEqual(2);
        for (const each of found) expect(formatWallTime(wallTimeAt(each, z))).toBe(formatWallTime(target));
      }),
    );
  });

  it('formatting then parsing gives the same wall time', () => {
    fc.assert(
      fc.property(instant, zone, (at, z) => {
        const shown = wallTimeAt(at, z);
        expect(parseWallTime(formatWallTime(shown))).toEqual(shown);
      }),
    );
  });

  it('UTC names exactly one instant for every wall time', () => {
    fc.assert(
      fc.property(instant, (at) => {
        expect(instantsOf(wallTimeAt(at, 'UTC'), 'UTC')).toEqual([at]);
      }),
    );
  });

  it('a time skipped by a DST jump names no instant', () => {
    expect(instantsOf(wall('2025-03-09 02:30:00'), 'America/New_York')).toEqual([]);
    expect(instantsOf(wall('2025-03-30 01:15:00'), 'Europe/Lisbon')).toEqual([]);
    expect(instantsOf(wall('2018-11-04 00:30:00'), 'America/Sao_Paulo')).toEqual([]);
    expect(instantsOf(wall('2011-12-30 12:00:00'), 'Pacific/Apia')).toEqual([]);
    expect(instantsOf(wall('2025-10-05 02:15:00'), 'Australia/Lord_Howe')).toEqual([]);
  });

  it('a time repeated when clocks go back names two instants, an hour (or half) apart', () => {
    const ny = instantsOf(wall('2025-11-02 01:30:00'), 'America/New_York');
    expect(ny).toEqual([Date.parse('2025-11-02T05:30:00Z'), Date.parse('2025-11-02T06:30:00Z')]);
    const sp = instantsOf(wall('2019-02-16 23:30:00'), 'America/Sao_Paulo');
    expect(sp[1]! - sp[0]!).toBe(3_600_000);
    const lordHowe = instantsOf(wall('2025-04-06 01:45:00'), 'Australia/Lord_Howe');
    expect(lordHowe[1]! - lordHowe[0]!).toBe(1_800_000);
  });

  it('Sao Paulo has had no DST since 2019: one instant, UTC-3', () => {
    expect(instantsOf(wall('2030-01-15 12:00:00'), 'America/Sao_Paulo')).toEqual([Date.parse('2030-01-15T15:00:00Z')]);
  });

  it('refuses impossible dates and malformed text', () => {
    for (const text of [
      '2025-02-29 10:00:00',
      '2025-04-31 10:00:00',
      '2025-01-01 24:00:00',
      '2025-01-01 10:60:00',
      '2025-1-01 10:00:00',
      '2025-01-01T10:00:00',
      ' 2025-01-01 10:00:00',
      '2025-01-01 10:00',
    ]) {
      expect(parseWallTime(text), text).toBeUndefined();
    }
    expect(parseWallTime('2024-02-29 23:59:59')).toEqual({
      year: 2024,
      month: 2,
      day: 29,
      hour: 23,
      minute: 59,
      second: 59,
    });
  });

  it('reads years below 100 as written', () => {
    expect(new Date(wallAsUtc({ year: 50, month: 1, day: 1, hour: 0, minute: 0, second: 0 })).getUTCFullYear()).toBe(
      50,
    );
  });

  it('knows real zones only', () => {
    expect(isKnownZone('America/Sao_Paulo')).toBe(true);
    expect(isKnownZone('Mars/Olympus')).toBe(false);
  });
});

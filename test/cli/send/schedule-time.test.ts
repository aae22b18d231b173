// --at / --in resolution: the service format is sent as written, other forms are converted into the zone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { parseDuration } from '../../../src/cli/commands/send/duration.js';
import { parseIsoWithOffset, resolveScheduleTime, serviceZone } from '../../../src/cli/commands/send/schedule-time.js';
import { formatWallTime, instantsOf, parseWallTime, wallTimeAt } from '../../../src/cli/commands/send/zoned-time.js';

const SP = 'America/Sao_Paulo';
const NOW = Date.parse('2030-06-01T12:00:00.250Z');

function usage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('parseDuration', () => {
  it('adds up the parts', () => {
    expect(parseDuration('--in', '2s')).toBe(2000);
    expect(parseDuration('--in', '10m')).toBe(600_000);
    expect(parseDuration('--in', '1h30m')).toBe(5_400_000);
    expect(parseDuration('--in', '1D')).toBe(86_400_000);
  });

  it('is the sum of its parts for any combination', () => {
    const part = fc.tuple(fc.integer({ min: 0, max: 500 }), fc.constantFrom('s', 'm', 'h', 'd'));
    const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as Record<string, number>;
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), (parts) => {
        const total = parts.reduce((sum, [n, u]) => sum + n * unit[u]!, 0);
        const text = parts.map(([n, u]) => `${n}${u}`).join('');
        if (total === 0) expect(() => parseDuration('--in', text)).toThrow(UsageError);
        else expect(parseDuration('--in', text)).toBe(total);
      }),
    );
  });

  it('refuses other shapes, zero and absurd lengths naming the flag', () => {
    for (const text of ['10', 'm10', '10 minutes', '-5m', '1.5h', '']) {
      expect(usage(() => parseDuration('--in', text))).toContain(
        `--in: ${JSON.stringify(text)} is not a duration: use`,
      );
    }
    expect(usage(() => parseDuration('--in', '0s'))).toContain('longer than zero');
    expect(usage(() => parseDuration('--in', '4000d'))).toContain('at most');
  });
});

describe('parseIsoWithOffset', () => {
  it('reads Z, ±HH:MM, ±HHMM, ±HH and fractions', () => {
    expect(parseIsoWithOffset('2030-06-01T12:00:00Z')).toBe(Date.parse('2030-06-01T12:00:00Z'));
    expect(parseIsoWithOffset('2030-06-01T09:00:00-03:00')).toBe(Date.parse('2030-06-01T12:00:00Z'));
    expect(parseIsoWithOffset('2030-06-01T17:30:00+0530')).toBe(Date.parse('2030-06-01T12:00:00Z'));
    expect(parseIsoWithOffset('2030-06-01 14:00+02')).toBe(Date.parse('2030-06-01T12:00:00Z'));
    expect(parseIsoWithOffset('2030-06-01T12:00:00.5Z')).toBe(Date.parse('2030-06-01T12:00:00.500Z'));
  });

  it('agrees with Date.parse on every instant written with any whole-minute offset', () => {
    const offset = fc.integer({ min: -14 * 60, max: 14 * 60 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800 }), offset, (seconds, minutes) => {
        const at = seconds * 1000;
        const local = new Date(at + minutes * 60_000).toISOString().slice(0, 19);
        const sign = minutes < 0 ? '-' : '+';
        const abs = Math.abs(minutes);
        const text = `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
        expect(parseIsoWithOffset(text)).toBe(at);
      }),
    );
  });

  it('refuses a time without an offset and impossible dates', () => {
    expect(parseIsoWithOffset('2030-06-01T12:00:00')).toBeUndefined();
    expect(parseIsoWithOffset('2030-02-30T12:00:00Z')).toBeUndefined();
    expect(parseIsoWithOffset('2030-06-01T12:00:00+3')).toBeUndefined();
  });
});

describe('resolveScheduleTime', () => {
  it('sends the service format as written and judges it in the zone', () => {
    const time = resolveScheduleTime({ at: ' 2030-06-01 09:00:01 ' }, SP, NOW);
    expect(time).toEqual({
      agendamento: '2030-06-01 09:00:01',
      instant: Date.parse('2030-06-01T12:00:01Z'),
      repeated: false,
    });
    expect(usage(() => resolveScheduleTime({ at: '2030-06-01 09:00:00' }, SP, NOW))).toContain('must be in the future');
    expect(resolveScheduleTime({ at: '2030-06-01 14:00:00' }, 'Europe/Lisbon', NOW).instant).toBe(
      Date.parse('2030-06-01T13:00:00Z'),
    );
  });

  it('converts ISO and --in into the zone, rounding up to the whole second', () => {
    expect(resolveScheduleTime({ at: '2030-06-01T14:00:00+01:00' }, SP, NOW).agendamento).toBe('2030-06-01 10:00:00');
    expect(resolveScheduleTime({ at: '2030-06-01T13:00:00.001Z' }, SP, NOW).agendamento).toBe('2030-06-01 10:00:01');
    expect(resolveScheduleTime({ in: '2s' }, SP, NOW)).toEqual({
      agendamento: '2030-06-01 09:00:03',
      instant: Date.parse('2030-06-01T12:00:03Z'),
      repeated: false,
    });
    expect(resolveScheduleTime({ in: '1d' }, 'Asia/Tokyo', NOW).agendamento).toBe('2030-06-02 21:00:01');
  });

  it('--in always lands in the future and never earlier than asked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(SP, 'Europe/Lisbon', 'America/New_York'),
        (seconds, z) => {
          const time = resolveScheduleTime({ in: `${seconds}s` }, z, NOW);
          expect(time.instant).toBeGreaterThanOrEqual(NOW + seconds * 1000);
          expect(time.instant - (NOW + seconds * 1000)).toBeLessThan(1000);
          expect(instantsOf(parseWallTime(time.agendamento)!, z)).toContain(time.instant);
        },
      ),
    );
  });

  it('refuses a time the zone skips and flags one it shows twice', () => {
    const before = Date.parse('2025-01-01T00:00:00Z');
    expect(usage(() => resolveScheduleTime({ at: '2025-03-09 02:30:00' }, 'America/New_York', before))).toContain(
      'does not exist in America/New_York',
    );
    const repeated = resolveScheduleTime({ at: '2025-11-02 01:30:00' }, 'America/New_York', before);
    expect(repeated).toMatchObject({ repeated: true, instant: Date.parse('2025-11-02T05:30:00Z') });
    const converted = resolveScheduleTime({ at: '2025-11-02T06:30:00Z' }, 'America/New_York', before);
    expect(converted).toMatchObject({ agendamento: '2025-11-02 01:30:00', repeated: true });
  });

  it('needs exactly one of --at and --in, in a recognised form', () => {
    expect(usage(() => resolveScheduleTime({}, SP, NOW))).toContain('Missing --at or --in');
    expect(usage(() => resolveScheduleTime({ at: '2030-07-01 09:00:00', in: '1h' }, SP, NOW))).toContain('not both');
    expect(usage(() => resolveScheduleTime({ at: 'amanhã' }, SP, NOW))).toContain(`on the service's clock (${SP})`);
  });

  it('a converted time, read back in the zone, is the instant asked for rounded up to the second', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 8 }),
        fc.constantFrom(SP, 'Pacific/Chatham', 'Europe/London'),
        (ahead, z) => {
          const target = NOW + ahead * 1000;
          const iso = new Date(target).toISOString();
          const time = resolveScheduleTime({ at: iso }, z, NOW);
          expect(time.agendamento).toBe(formatWallTime(wallTimeAt(Math.ceil(target / 1000) * 1000, z)));
        },
      ),
    );
  });
});

describe('serviceZone', () => {
  it('passes known zones and names the setting for unknown ones', () => {
    expect(serviceZone(SP, 'default')).toBe(SP);
    expect(usage(() => serviceZone('Nowhere/City', 'profile'))).toContain('"Nowhere/City" (from profile)');
  });
});

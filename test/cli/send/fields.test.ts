// Single-value checks of the sends: coordinates, colours, template variables, poll options, reaction emoji.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import {
  colour,
  coordinate,
  latitude,
  longitude,
  pollOptions,
  singleEmoji,
  templateVariables,
} from '../../../src/cli/commands/send/fields.js';

describe('coordinates', () => {
  it('accepts every decimal within range and keeps it as decimal text', () => {
    fc.assert(
      fc.property(fc.double({ min: -90, max: 90, noNaN: true }), (value) => {
        const text = value.toFixed(6);
        expect(Number(latitude(text))).toBeCloseTo(Number(text), 6);
      }),
    );
  });

  it('refuses every number beyond the limit, naming the flag and the rule', () => {
    fc.assert(
      fc.property(fc.double({ min: 180.000001, max: 1e6, noNaN: true }), fc.boolean(), (value, negative) => {
        const text = (negative ? -value : value).toFixed(6);
        expect(() => longitude(text)).toThrow(`--lng must be a number from -180 to 180 (got "${text}")`);
      }),
    );
  });

  it('refuses non-decimal text and drops a leading +', () => {
    for (const text of ['abc', '1e1', '', '1,5', '0x10', 'Infinity', '--8'])
      expect(() => coordinate('--lat', text, 90)).toThrow(UsageError);
    expect(latitude(' +8.5 ')).toBe('8.5');
    expect(latitude('-90')).toBe('-90');
    expect(latitude('.5')).toBe('.5');
  });
});

describe('colour', () => {
  it('takes #RRGGBB with or without the #', () => {
    expect(colour('--background', '#1e90FF')).toBe('#1e90FF');
    expect(colour('--background', '1E90FF')).toBe('#1E90FF');
  });

  it('refuses other shapes', () => {
    for (const text of ['#FFF', 'blue', '#1E90FG', '#1E90FF00', '']) {
      expect(() => colour('--background', text)).toThrow('--background must be a colour as #RRGGBB');
    }
  });
});

describe('templateVariables', () => {
  it('splits each pair at the first =, keeping empty values', () => {
    expect(templateVariables('--var', ['nome=Ana', 'url=https://x?a=b', 'vazio='])).toEqual({
      nome: 'Ana',
      url: 'https://x?a=b',
      vazio: '',
    });
  });

  it('round-trips any set of distinct keys', () => {
    const key = fc
      .string({ minLength: 1, maxLength: 12 })
      .filter((k) => !k.includes('=') && k.trim() === k && k !== '');
    fc.assert(
      fc.property(fc.dictionary(key, fc.string()), (vars) => {
        const pairs = Object.entries(vars).map(([k, v]) => `${k}=${v}`);
        expect(templateVariables('--var', pairs)).toEqual(vars);
      }),
    );
  });

  it('keeps a key named __proto__ as an own property', () => {
    const vars = templateVariables('--var', ['__proto__=x']);
    expect(Object.hasOwn(vars, '__proto__')).toBe(true);
    expect(JSON.stringify(vars)).toBe('{"__proto__":"x"}');
  });

  it('refuses pairs without a key and repeated keys', () => {
    expect(() => templateVariables('--var', ['nome'])).toThrow('--var must be KEY=VALUE');
    expect(() => templateVariables('--var', ['=Ana'])).toThrow('--var must be KEY=VALUE');
    expect(() => templateVariables('--var', ['a=1', 'a=2'])).toThrow('--var a is given twice');
  });
});

describe('pollOptions', () => {
  const distinct = (min: number, max: number) =>
    fc.uniqueArray(
      fc.string({ minLength: 1, maxLength: 10 }).filter((s) => s.trim() !== ''),
      {
        minLength: min,
        maxLength: max,
        selector: (s) => s.trim().toLocaleLowerCase('pt-BR'),
      },
    );

  it('accepts 2 to 12 distinct options, trimmed', () => {
    fc.assert(
      fc.property(distinct(2, 12), (options) => {
        expect(pollOptions('--option', options)).toEqual(options.map((o) => o.trim()));
      }),
    );
  });

  it('refuses fewer than 2 or more than 12', () => {
    fc.assert(
      fc.property(fc.oneof(distinct(0, 1), distinct(13, 20)), (options) => {
        expect(() => pollOptions('--option', options)).toThrow(
          `--option must be given 2 to 12 times, once per option (got ${options.length})`,
        );
      }),
    );
  });

  it('refuses repeats regardless of case and spaces, and blank options', () => {
    expect(() => pollOptions('--option', ['Sim', ' SIM'])).toThrow(
      '--option values must be unique ("SIM" is given twice)',
    );
    expect(() => pollOptions('--option', ['Sim', ' '])).toThrow('must not be empty');
  });
});

describe('singleEmoji', () => {
  it('accepts one emoji, including sequences that draw as one', () => {
    for (const emoji of ['👍', '👍🏽', '❤️', '👨‍👩‍👧', '🇧🇷', '1️⃣']) expect(singleEmoji('--emoji', emoji)).toBe(emoji);
  });

  it('refuses text, several emoji and nothing', () => {
    for (const text of ['ok', '👍👍', '', 'a👍'])
      expect(() => singleEmoji('--emoji', text)).toThrow('--emoji must be exactly one emoji');
  });
});

// The bundle's phone metadata, split per country calling code at build time (needs `npm run build`), checks numbers
// exactly as the whole metadata.max.json does: the same validity, possibility, number, country and type for numbers of
// every country and non-geographic plan, valid, mistyped, too short, too long, formatted, and of no calling code.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import { describe, expect, it } from 'vitest';
import { splitPhoneMetadataFor } from '../../src/phone-metadata.js';

const require = createRequire(import.meta.url);
const whole = JSON.parse(
  readFileSync(require.resolve('libphonenumber-js/metadata.max.json'), 'utf8'),
) as MetadataJson & { nonGeographic: Record<string, unknown> };
const examples = JSON.parse(readFileSync(require.resolve('libphonenumber-js/examples.mobile.json'), 'utf8')) as Record<
  string,
  string
>;
const dir = new URL('../../dist/phone-metadata/', import.meta.url);
const codes = readdirSync(dir).map((file) => file.replace(/\.json$/, ''));

/** Each country's example mobile number with its calling code, and the ways people get one wrong. */
function numbers(): string[] {
  const international = Object.entries(examples).map(([country, national]) => {
    const code = Object.entries(whole.country_calling_codes).find(([, countries]) =>
      (countries as string[]).includes(country),
    );
    return `+${code?.[0] ?? ''}${national}`;
  });
  const variants = international.flatMap((number) => [
    number,
    `${number.slice(0, -1)}${(Number(number.at(-1)) + 3) % 10}`,
    number.slice(0, -1),
    `${number}7`,
    `${number.slice(0, 4)} (${number.slice(4, 6)}) ${number.slice(6, 9)}-${number.slice(9)}`,
    `+${number.slice(2)}`,
    `+9${number.slice(1)}`,
  ]);
  const nonGeographic = Object.keys(whole.nonGeographic).flatMap((code) => [
    `+${code}12345678`,
    `+${code}123456789`,
    `+${code}1234567890`,
  ]);
  return [...variants, ...nonGeographic, '+', '+0', '+0123456789', '+999123456789', '+1', '+12', '+5581987000001'];
}

type Checked = { valid: boolean; possible: boolean; number: string; country?: string; type?: string } | undefined;

function check(number: string, metadata: MetadataJson | undefined): Checked {
  const parsed = metadata && parsePhoneNumberFromString(number, metadata);
  if (!parsed) return undefined;
  return {
    valid: parsed.isValid(),
    possible: parsed.isPossible(),
    number: parsed.number,
    country: parsed.country,
    type: parsed.getType(),
  };
}

describe('phone metadata split per calling code', () => {
  it('has one file per calling code of the whole metadata, geographic and not', () => {
    expect(codes.sort()).toEqual(
      [...Object.keys(whole.country_calling_codes), ...Object.keys(whole.nonGeographic)].sort(),
    );
  });

  it("holds only its code's countries", () => {
    const brazil = JSON.parse(readFileSync(new URL('55.json', dir), 'utf8')) as MetadataJson;
    expect(Object.keys(brazil.countries)).toEqual(['BR']);
    expect(brazil.country_calling_codes).toEqual({ 55: ['BR'] });
  });

  it('checks every number exactly as the whole metadata does', () => {
    const list = numbers();
    const results = list.map((number) => [number, check(number, whole)] as const);
    expect(results.filter(([, result]) => result?.valid).length).toBeGreaterThan(200);
    expect(results.filter(([, result]) => result && !result.valid).length).toBeGreaterThan(200);
    expect(results.filter(([, result]) => result === undefined).length).toBeGreaterThan(5);
    for (const [number, expected] of results) {
      expect([number, check(number, splitPhoneMetadataFor(dir, new Set(codes), number))]).toEqual([number, expected]);
    }
  });
});

// Tolerant field readers (flags, required and optional strings, lists, records) and PHP-style form keys.
import { describe, expect, it } from 'vitest';
import {
  asFlag,
  emptyFields,
  list,
  optional,
  record,
  required,
  type Fields,
} from '../../../src/emulator/rules/fields.js';
import { assembleFormEntries, splitFormKey } from '../../../src/emulator/http/form-fields.js';

const of = (values: Record<string, unknown>): Fields => Object.assign(emptyFields(), values);

describe('asFlag', () => {
  it.each([
    [true, true],
    ['true', true],
    ['TRUE', true],
    ['1', true],
    [1, true],
    [false, false],
    ['false', false],
    ['0', false],
    [0, false],
  ])('%j → %j', (value, expected) => expect(asFlag(value)).toBe(expected));

  it.each(['talvez', '', null, undefined, {}, [], 2])('%j is not a flag', (value) =>
    expect(asFlag(value)).toBeUndefined(),
  );
});

describe('required / optional', () => {
  it('accepts only non-blank strings, trimmed', () => {
    expect(required(of({ a: '  x ' }), 'a')).toBe('x');
    expect(required(of({ a: '   ' }), 'a')).toBeUndefined();
    expect(required(of({ a: 123 }), 'a')).toBeUndefined();
    expect(required(of({}), 'constructor')).toBeUndefined();
  });

  it('optional: absent is undefined, a wrong type is the caller’s error', () => {
    const invalid = () => new Error('tipo');
    expect(optional(of({}), 'a', invalid)).toBeUndefined();
    expect(optional(of({ a: null }), 'a', invalid)).toBeUndefined();
    expect(optional(of({ a: ' texto ' }), 'a', invalid)).toBe(' texto ');
    expect(() => optional(of({ a: { nome: 'x' } }), 'a', invalid)).toThrow('tipo');
  });
});

describe('list / record', () => {
  it('list takes arrays and JSON-encoded arrays, nothing else', () => {
    expect(list(of({ a: ['x'] }), 'a')).toEqual(['x']);
    expect(list(of({ a: '["x","y"]' }), 'a')).toEqual(['x', 'y']);
    expect(list(of({ a: 'A,B' }), 'a')).toBeUndefined();
    expect(list(of({ a: { 0: 'x' } }), 'a')).toBeUndefined();
  });

  it('record takes objects and JSON-encoded objects; an empty array is an empty object', () => {
    expect(record(of({ v: { a: 1 } }), 'v')).toEqual({ a: 1 });
    expect(record(of({ v: '{"a":1}' }), 'v')).toEqual({ a: 1 });
    expect(Object.keys(record(of({ v: [] }), 'v') ?? { x: 1 })).toEqual([]);
    expect(record(of({ v: ['a'] }), 'v')).toBeUndefined();
    expect(record(of({ v: 'nome=Ana' }), 'v')).toBeUndefined();
  });
});

describe('PHP-style form keys', () => {
  it('splits bracketed keys', () => {
    expect(splitFormKey('a')).toEqual(['a']);
    expect(splitFormKey('a[]')).toEqual(['a', '']);
    expect(splitFormKey('cards[0][buttons][1][id]')).toEqual(['cards', '0', 'buttons', '1', 'id']);
    expect(splitFormKey('a[b')).toEqual(['a[b']);
    expect(splitFormKey('[x]')).toEqual(['[x]']);
  });

  it('builds arrays from [] and from indexes, objects from names; later scalars win', () => {
    const fields = assembleFormEntries([
      ['opcoes[]', 'A'],
      ['opcoes[]', 'B'],
      ['idx[1]', 'segundo'],
      ['idx[0]', 'primeiro'],
      ['v[nome]', 'Ana'],
      ['x', '1'],
      ['x', '2'],
    ]);
    expect(fields.opcoes).toEqual(['A', 'B']);
    expect(fields.idx).toEqual(['primeiro', 'segundo']);
    expect(JSON.parse(JSON.stringify(fields.v))).toEqual({ nome: 'Ana' });
    expect(fields.x).toBe('2');
  });

  it('never turns the top level into an array', () => {
    const fields = assembleFormEntries([
      ['0', 'a'],
      ['1', 'b'],
    ]);
    expect(Array.isArray(fields)).toBe(false);
    expect(fields['0']).toBe('a');
  });
});

describe('form assembly cost', () => {
  it('appends 150 000 `a[]` entries (a body near the size limit) in linear time', () => {
    const entries = Array.from({ length: 150_000 }, (_, i): [string, string] => ['a[]', String(i)]);
    const fields = assembleFormEntries(entries);
    expect(fields.a).toHaveLength(150_000);
    expect((fields.a as string[])[149_999]).toBe('149999');
  });
});

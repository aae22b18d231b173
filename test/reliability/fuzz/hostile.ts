// Hostile field values: wrong types, empty and huge strings, odd unicode, prototype keys, very deep nesting.
import fc from 'fast-check';

/** A value nested `depth` levels deep ({"a":{"a":…}} or [[…]]), written as text by the encoders, never built. */
export class DeepNest {
  constructor(
    readonly depth: number,
    readonly shape: 'object' | 'array',
    readonly leaf: string,
  ) {}

  [fc.toStringMethod](): string {
    return `DeepNest(${this.depth} levels of ${this.shape})`;
  }
}

/** A request body value before encoding: JSON-like, plus DeepNest. Objects may own `__proto__` keys. */
export type Model = string | number | boolean | null | DeepNest | Model[] | { [key: string]: Model };

/** Strings that trip parsers, normalisers, SQL text handling and form decoding. */
export const ODD_TEXTS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDE00y',
  '\u202Eabc',
  '\u200F\u200E',
  '\uFEFF',
  '\u2028\u2029',
  'e\u0301\u0301\u0301\u0301',
  'Z̷̢̛͉̈́a̸l̵g̶o̴',
  '👍🏽',
  '👨‍👩‍👧',
  '🇧🇷',
  '1️⃣',
  '%',
  '%00',
  '%zz',
  '&',
  '=',
  '==&&',
  '[',
  ']',
  '[]',
  'a]b[',
  '{{nome}}',
  '{{ __proto__ }}',
  "' OR 1=1 --",
  '"; DROP TABLE devices; --',
  'null',
  'undefined',
  'true',
  'false',
  '0',
  '-1',
  'NaN',
  '1e999',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '\r\n\r\n',
  '<script>alert(1)</script>',
  'ñ',
  'Ω',
  '\u{10FFFF}',
  '\u0085',
  '\u00A0',
];

/** Single characters (UTF-16 units and code points) the odd strings are built from. */
const ODD_CHARS: readonly string[] = [
  'a',
  ' ',
  '\u0000',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\u202E',
  '\u200F',
  '\u0301',
  '👍',
  '\uFEFF',
  '%',
  '&',
  '=',
  '[',
  ']',
  '"',
  '\\',
  '\n',
  '\r',
  '{',
  '}',
  'é',
  '\u{1F3FD}',
  '\u200D',
];

/** Keys that must stay plain data: prototype names, bracketed PHP-style keys, empty and odd keys. */
export const ODD_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '',
  ' ',
  'a[b]',
  '__proto__[x]',
  'a[__proto__][b]',
  'constructor[prototype][x]',
  'x[]',
  '[]',
  '[',
  ']',
  'a][b',
  'authkey[]',
  'appkey[0]',
  'to[x]',
  'message[]',
  '\u0000',
  '\uD800',
  '%5B%5D',
];

/** The flag fields of every operation, as extra keys that compete in the shared paths' precedence. */
export const FLAG_KEYS: readonly string[] = [
  'story',
  'reactionMessage',
  'verificarOTP',
  'agendamento',
  'template_id',
  'opcoes',
  'cards',
  'buttons',
  'latitude',
  'longitude',
  'infoConvite',
  'obterConvite',
  'tituloGrupo',
  'obterStatus',
  'altereNome',
  'statusWebhook',
  'dispositivos',
  'checkDispositivo',
  'auth',
];

export const MAX_HUGE_BYTES = 200_000;

/** A long repetition of one unit, up to MAX_HUGE_BYTES of UTF-8. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('x', 'é', '👍', '\u0000', 'a\u0301', '\uD800', '{{nome}}', '%', ' ', '\u202E'),
    fc.integer({ min: 1_000, max: MAX_HUGE_BYTES }),
  )
  .map(([unit, bytes]) => unit.repeat(Math.max(1, Math.floor(bytes / Buffer.byteLength(unit)))));

/** Odd text: listed traps, strings of odd characters, arbitrary code points, rarely a huge string. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_TEXTS) },
  { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...ODD_CHARS), maxLength: 16 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: hugeString },
);

const oddNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    5521998765432,
    0.1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ),
);

const deepNest: fc.Arbitrary<DeepNest> = fc
  .record({
    depth: fc.oneof(fc.integer({ min: 2, max: 300 }), fc.constantFrom(1_000, 5_000, 10_000)),
    shape: fc.constantFrom('object' as const, 'array' as const),
    leaf: fc.constantFrom('1', '"x"', 'null', '{}', '[]'),
  })
  .map(({ depth, shape, leaf }) => new DeepNest(depth, shape, leaf));

/** A key for hostile objects and extra fields. */
export const oddKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_KEYS) },
  { weight: 2, arbitrary: fc.constantFrom(...FLAG_KEYS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
);

const scalar: fc.Arbitrary<Model> = fc.oneof(fc.constant(null), fc.boolean(), oddNumber, oddString);

/** Objects whose own keys are prototype names, also nested (`{"__proto__":{"x":1}}`, `{"constructor":{"prototype":…}}`). */
const protoObject: fc.Arbitrary<Model> = fc
  .tuple(
    fc.constantFrom('__proto__', 'constructor', 'prototype'),
    fc.constantFrom('__proto__', 'prototype', 'x', 'isAdmin'),
    scalar,
  )
  .map(([outer, inner, value]) => Object.fromEntries([[outer, Object.fromEntries([[inner, value]])]]) as Model);

/** Any hostile value: wrong-typed scalars, small nested arrays/objects with odd keys, prototype objects, deep nests. */
export const hostileValue: fc.Arbitrary<Model> = fc.letrec<{ value: Model; list: Model[]; object: Model }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'hostile' },
    { weight: 6, arbitrary: scalar },
    { weight: 2, arbitrary: tie('list') },
    { weight: 2, arbitrary: tie('object') },
    { weight: 1, arbitrary: protoObject },
    { weight: 1, arbitrary: deepNest },
  ),
  list: fc.array(tie('value'), { maxLength: 4, depthIdentifier: 'hostile' }),
  object: fc
    .array(fc.tuple(oddKey, tie('value')), { maxLength: 4, depthIdentifier: 'hostile' })
    .map((entries) => Object.fromEntries(entries) as Model),
})).value;

/** Mostly `valid`, sometimes a hostile value instead (for values nested inside lists and objects). */
export function mostly<T extends Model>(valid: fc.Arbitrary<T>): fc.Arbitrary<Model> {
  return fc.oneof({ weight: 9, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });
}

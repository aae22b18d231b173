// Generated requests for one endpoint. Clean ones carry every field from its valid pool (real keys, near misses) in
// a correct encoding, so they reach deep into the operation; hostile ones mix in wrong-typed, odd, missing and extra
// fields, wrong or missing content types, corrupted, truncated and cut-short bodies.
import fc from 'fast-check';
import { ENCODINGS, encodeBody, formEntries, nativeContentType, type Encoding, type Fields } from './encodings.js';
import { hostileValue, oddKey, type Model } from './hostile.js';
import { printable, type Delivery, type FuzzRequest } from './request.js';

/** One field an endpoint reads, with values that mostly pass its checks (valid keys included). */
export interface FieldSpec {
  name: string;
  valid: fc.Arbitrary<Model>;
}

const OMIT = Symbol('omit');

/** Every field from its valid pool, nothing else. */
function cleanFields(specs: readonly FieldSpec[]): fc.Arbitrary<Fields> {
  if (specs.length === 0) return fc.constant({});
  const entries = specs.map((spec) => spec.valid.map((value) => [spec.name, value] as const));
  return fc.tuple(...entries).map((chosen) => Object.fromEntries<Model>(chosen));
}

/** Each field valid (most of the time), hostile, or missing; then up to three extra keys with hostile values. */
function hostileFields(specs: readonly FieldSpec[]): fc.Arbitrary<Fields> {
  const own = specs.map((spec) =>
    fc
      .oneof(
        { weight: 12, arbitrary: spec.valid },
        { weight: 3, arbitrary: hostileValue },
        { weight: 2, arbitrary: fc.constant<typeof OMIT>(OMIT) },
      )
      .map((value) => [spec.name, value] as const),
  );
  const extras = fc.oneof(fc.constant([]), fc.array(fc.tuple(oddKey, hostileValue), { minLength: 1, maxLength: 3 }));
  return fc.tuple(fc.tuple(...own), extras).map(([chosen, extra]) => {
    const kept = chosen.filter((entry): entry is readonly [string, Model] => entry[1] !== OMIT);
    return Object.fromEntries<Model>([...kept, ...extra]);
  });
}

const WRONG_TYPES: readonly string[] = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  'application/json',
  'APPLICATION/JSON; charset=utf-8',
  'application/json; charset=latin1',
  'multipart/form-data; boundary=outra',
  'text/html; charset=utf-8',
  ';;;',
  'application/vnd.api+json',
  '*/*',
];

/** `native` = the encoding's own type; `none` = no header; otherwise the wrong type given. */
const contentTypeChoice = fc.oneof(
  { weight: 7, arbitrary: fc.constant('native') },
  { weight: 1, arbitrary: fc.constant('none') },
  { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
);

type Corruption = 'none' | 'truncated' | 'garbage' | 'cut-short';

const corruptionChoice = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Corruption>('none') },
  { weight: 1, arbitrary: fc.constant<Corruption>('truncated') },
  { weight: 1, arbitrary: fc.constant<Corruption>('garbage') },
  { weight: 1, arbitrary: fc.constant<Corruption>('cut-short') },
);

const GARBAGE: readonly Buffer[] = [
  Buffer.from([0xff, 0xfe]),
  Buffer.from('}'),
  Buffer.from(',,'),
  Buffer.from('\u0000'),
  Buffer.from('NaN'),
  Buffer.from('{"'),
  Buffer.from([0xc3]),
  Buffer.from('\r\n--'),
];

/** Where the keys travel: all in the body, authkey/appkey moved to the query string, or hostile query fields. */
type QueryMode = 'none' | 'keys' | 'hostile';

const queryChoice = fc.oneof(
  { weight: 8, arbitrary: fc.constant<QueryMode>('none') },
  { weight: 1, arbitrary: fc.constant<QueryMode>('keys') },
  { weight: 1, arbitrary: fc.constant<QueryMode>('hostile') },
);

const HOSTILE_QUERIES: readonly string[] = [
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  'authkey[]=a&authkey[]=b',
  'appkey=',
  'a[__proto__][b]=1',
  'authkey=%00',
  '%zz=%zz',
  'to[]=5521998765432',
];

interface Shape {
  kind: 'clean' | 'hostile';
  fields: Fields;
  encoding: Encoding;
  contentType: string;
  corruption: Corruption;
  cutAt: number;
  garbage: Buffer;
  query: QueryMode;
  hostileQuery: string;
}

/** Fuzzed requests to `path` reading the fields `specs` describes: two in five clean, the rest hostile. */
export function requestArbitrary(path: string, specs: readonly FieldSpec[]): fc.Arbitrary<FuzzRequest> {
  const common = {
    encoding: fc.constantFrom(...ENCODINGS),
    cutAt: fc.double({ min: 0, max: 1, noNaN: true }),
    garbage: fc.constantFrom(...GARBAGE),
    hostileQuery: fc.constantFrom(...HOSTILE_QUERIES),
  };
  const clean = fc.record({
    ...common,
    kind: fc.constant('clean' as const),
    fields: cleanFields(specs),
    contentType: fc.constant('native'),
    corruption: fc.constant<Corruption>('none'),
    query: fc.constantFrom<QueryMode>('none', 'none', 'keys'),
  });
  const hostile = fc.record({
    ...common,
    kind: fc.constant('hostile' as const),
    fields: hostileFields(specs),
    contentType: contentTypeChoice,
    corruption: corruptionChoice,
    query: queryChoice,
  });
  return fc
    .oneof({ weight: 2, arbitrary: clean }, { weight: 3, arbitrary: hostile })
    .map((shape) => printable(buildRequest(path, shape)));
}

function buildRequest(path: string, shape: Shape): FuzzRequest {
  const { body: fields, query } = splitQuery(shape);
  let body = encodeBody(fields, shape.encoding);
  const labels: string[] = [shape.kind, shape.encoding];
  if (shape.corruption === 'truncated') body = body.subarray(0, Math.floor(body.length * shape.cutAt));
  if (shape.corruption === 'garbage') {
    const at = Math.floor(body.length * shape.cutAt);
    body = Buffer.concat([body.subarray(0, at), shape.garbage, body.subarray(at)]);
  }
  if (shape.corruption !== 'none') labels.push(shape.corruption);
  const headers: Record<string, string> = {};
  if (shape.contentType === 'native') headers['content-type'] = nativeContentType(shape.encoding);
  else if (shape.contentType !== 'none') headers['content-type'] = shape.contentType;
  labels.push(`content-type ${headers['content-type'] ?? 'missing'}`);
  if (query) labels.push(`query ${shape.query}`);
  const delivery: Delivery = shape.corruption === 'cut-short' ? 'cut-short' : 'normal';
  return { method: 'POST', path, query, headers, body, delivery, label: labels.join(', ') };
}

/** Query strings stay well under node's 16 KB limit for a request head (longer ones are refused before the emulator). */
const MAX_QUERY = 4_096;

/** Moves authkey/appkey into the query string (unless they are too long for a URL), or adds hostile query fields. */
function splitQuery(shape: Shape): { body: Fields; query: string } {
  if (shape.query === 'hostile') return { body: shape.fields, query: shape.hostileQuery };
  if (shape.query === 'none') return { body: shape.fields, query: '' };
  const body: Fields = Object.fromEntries<Model>(Object.entries(shape.fields));
  const moved: Fields = {};
  for (const key of ['authkey', 'appkey']) {
    if (Object.hasOwn(body, key)) {
      moved[key] = body[key] as Model;
      Reflect.deleteProperty(body, key);
    }
  }
  const query = new URLSearchParams(formEntries(moved, 'php')).toString();
  return query.length > MAX_QUERY ? { body: shape.fields, query: '' } : { body, query };
}

/** A body over the 1 MiB limit for `path`, sent as `delivery` says. */
export function oversizeRequest(
  path: string,
  delivery: Exclude<Delivery, 'normal' | 'cut-short'>,
  fields: Fields,
): FuzzRequest {
  const body = Buffer.from(JSON.stringify({ ...fields, message: 'x'.repeat(1024 * 1024 + 16) }), 'utf8');
  return {
    method: 'POST',
    path,
    query: '',
    headers: { 'content-type': 'application/json' },
    body,
    delivery,
    label: 'json over 1 MiB',
  };
}

// Assembles PHP-style form keys (`opcoes[]=a`, `cards[0][title]=x`) into nested arrays and objects.
import { emptyFields, isRecord, type Fields } from '../rules/fields.js';

const MAX_DEPTH = 8;

/** Splits `a[b][]` into ['a', 'b', '']; a key without brackets is one segment. */
export function splitFormKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return [key];
  const segments = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^\]]*)\]/gy;
  let consumed = 0;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    segments.push(match[1] ?? '');
    consumed = pattern.lastIndex;
  }
  if (consumed !== rest.length || segments.length > MAX_DEPTH) return [key];
  return segments;
}

/** Builds fields from ordered form entries; later scalars win, as in PHP. */
export function assembleFormEntries(entries: Iterable<[string, string]>): Fields {
  const root = emptyFields();
  const nextIndex = new WeakMap<Fields, number>();
  for (const [key, value] of entries) place(root, splitFormKey(key), value, nextIndex);
  for (const key of Object.keys(root)) root[key] = normalizeArrays(root[key]);
  return root;
}

function place(container: Fields, segments: string[], value: string, nextIndex: WeakMap<Fields, number>): void {
  let node = container;
  for (let i = 0; i < segments.length - 1; i += 1) {
    const key = resolveKey(node, segments[i] ?? '', nextIndex);
    const child = node[key];
    if (!isRecord(child)) node[key] = emptyFields();
    node = node[key] as Fields;
  }
  node[resolveKey(node, segments[segments.length - 1] ?? '', nextIndex)] = value;
}

/** An empty segment (`[]`) appends: it takes the index after the highest one used so far (tracked, so O(1)). */
function resolveKey(node: Fields, segment: string, nextIndex: WeakMap<Fields, number>): string {
  const next = nextIndex.get(node) ?? 0;
  const key = segment === '' ? String(next) : segment;
  if (isIndex(key)) nextIndex.set(node, Math.max(next, Number(key) + 1));
  return key;
}

function isIndex(key: string): boolean {
  return /^(0|[1-9]\d{0,5})$/.test(key);
}

/** Objects whose keys are all integer indexes become arrays (ordered by index). */
function normalizeArrays(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = normalizeArrays(value[key]);
  if (keys.length === 0 || !keys.every(isIndex)) return value;
  return keys
    .map(Number)
    .sort((a, b) => a - b)
    .map((index) => value[String(index)]);
}

// Body model → bytes: JSON, form-urlencoded (PHP-style keys or JSON text), multipart; DeepNest written as text.
import { DeepNest, type Model } from './hostile.js';

export type Encoding = 'json' | 'form-php' | 'form-json' | 'multipart' | 'multipart-files';

export const ENCODINGS: readonly Encoding[] = ['json', 'form-php', 'form-json', 'multipart', 'multipart-files'];

export const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

/** The content type a correct client would send with the encoding. */
export function nativeContentType(encoding: Encoding): string {
  if (encoding === 'json') return 'application/json';
  if (encoding === 'form-php' || encoding === 'form-json') return 'application/x-www-form-urlencoded';
  return `multipart/form-data; boundary=${BOUNDARY}`;
}

export type Fields = Record<string, Model>;

export function encodeBody(fields: Fields, encoding: Encoding): Buffer {
  if (encoding === 'json') return Buffer.from(toJson(fields), 'utf8');
  const entries = formEntries(fields, encoding === 'form-php' ? 'php' : 'json');
  if (encoding === 'form-php' || encoding === 'form-json')
    return Buffer.from(new URLSearchParams(entries).toString(), 'utf8');
  return multipart(entries, encoding === 'multipart-files');
}

/** JSON text of a model (own `__proto__` keys included); NaN and infinities become null as in JSON.stringify. */
export function toJson(value: Model): string {
  if (value instanceof DeepNest) return deepText(value);
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${toJson(value[key] as Model)}`)
      .join(',')}}`;
  }
  // JSON.stringify gives undefined for what JSON cannot hold; its declared type says string.
  const json = JSON.stringify(value) as string | undefined;
  return json ?? 'null';
}

function deepText(nest: DeepNest): string {
  const [open, close] = nest.shape === 'object' ? ['{"a":', '}'] : ['[', ']'];
  return `${open.repeat(nest.depth)}${nest.leaf}${close.repeat(nest.depth)}`;
}

/**
 * Form entries of a model. `php`: nested values become bracketed keys (`cards[0][buttons][0][id]`, a deep nest
 * `a[x][x]…`); `json`: nested values become JSON text inside one field, as some form clients send them.
 */
export function formEntries(fields: Fields, style: 'php' | 'json'): [string, string][] {
  const entries: [string, string][] = [];
  for (const key of Object.keys(fields)) flatten(key, fields[key] as Model, style, entries);
  return entries;
}

function flatten(key: string, value: Model, style: 'php' | 'json', out: [string, string][]): void {
  if (value instanceof DeepNest) {
    if (style === 'json') out.push([key, deepText(value)]);
    else out.push([`${key}${'[x]'.repeat(value.depth)}`, value.leaf]);
    return;
  }
  if (value !== null && typeof value === 'object') {
    if (style === 'json') {
      out.push([key, toJson(value)]);
      return;
    }
    if (Array.isArray(value) && value.every(isScalar)) {
      // `opcoes[]=a&opcoes[]=b`, as PHP clients write lists of scalars
      if (value.length === 0) out.push([`${key}[]`, '']);
      for (const item of value) flatten(`${key}[]`, item, style, out);
      return;
    }
    const keys = Array.isArray(value) ? value.map((_item, index) => String(index)) : Object.keys(value);
    if (keys.length === 0) out.push([`${key}[]`, '']);
    for (const sub of keys) flatten(`${key}[${sub}]`, (value as Record<string, Model>)[sub] as Model, style, out);
    return;
  }
  out.push([key, scalarText(value)]);
}

function isScalar(value: Model): boolean {
  return value === null || typeof value !== 'object';
}

function scalarText(value: string | number | boolean | null): string {
  if (value === null) return '';
  return String(value);
}

/** multipart/form-data; with `files`, every value travels as the file name of a file part. */
function multipart(entries: [string, string][], files: boolean): Buffer {
  const parts = entries.map(([name, value]) => {
    const disposition = files
      ? `Content-Disposition: form-data; name="${name}"; filename="${value}"\r\nContent-Type: text/plain\r\n\r\nconteudo`
      : `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
    return `--${BOUNDARY}\r\n${disposition}\r\n`;
  });
  return Buffer.from(`${parts.join('')}--${BOUNDARY}--\r\n`, 'utf8');
}

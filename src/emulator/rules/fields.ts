// Tolerant readers for request fields: real clients send JSON, form and multipart bodies with loose types.

/** Request fields: a null-prototype record, so keys like `__proto__` are plain data. */
export type Fields = Record<string, unknown>;

export function emptyFields(): Fields {
  return Object.create(null) as Fields;
}

/** The field's own value; inherited properties (`constructor`, `toString`) never count. */
export function own(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

/** A scalar as a string (numbers and booleans are stringified); objects and arrays are not text. */
export function text(fields: Fields, key: string): string | undefined {
  return asText(own(fields, key));
}

export function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}

/** A non-blank string field, trimmed; undefined when missing, blank or not a string (the seed's fields are strings). */
export function required(fields: Fields, key: string): string | undefined {
  const value = own(fields, key);
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed ? trimmed : undefined;
}

/** Like `required`, but a JSON number is accepted as its decimal text (codes, coordinates). */
export function requiredScalar(fields: Fields, key: string): string | undefined {
  const value = text(fields, key)?.trim();
  return value ? value : undefined;
}

const TRUE_VALUES = new Set(['true', '1', 'on', 'yes']);
const FALSE_VALUES = new Set(['false', '0', 'off', 'no']);

/** `true`, `"true"`, `"1"` (Guzzle) and friends are true; their opposites false; anything else undefined. */
export function asFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const raw = asText(value)?.trim().toLowerCase();
  if (raw === undefined) return undefined;
  if (TRUE_VALUES.has(raw)) return true;
  if (FALSE_VALUES.has(raw)) return false;
  return undefined;
}

export function flag(fields: Fields, key: string): boolean | undefined {
  return asFlag(own(fields, key));
}

export function has(fields: Fields, key: string): boolean {
  const value = own(fields, key);
  return value !== undefined && value !== null && value !== '';
}

/** Form clients send arrays and objects as JSON text; decode such text, pass everything else through. */
export function decodeJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

/** An array field: a JSON array, JSON-encoded text of one, or PHP-style `k[]=` / `k[0]=`; anything else is undefined. */
export function list(fields: Fields, key: string): unknown[] | undefined {
  const value = decodeJsonText(own(fields, key));
  return Array.isArray(value) ? value : undefined;
}

/** An object field: a JSON object, JSON text of one, or PHP-style `k[name]=`; an empty array counts as `{}`. */
export function record(fields: Fields, key: string): Record<string, unknown> | undefined {
  const value = decodeJsonText(own(fields, key));
  if (Array.isArray(value)) return value.length === 0 ? emptyFields() : undefined;
  return isRecord(value) ? value : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An optional string field: undefined when absent, null or blank; the string as written otherwise.
 * A present value of another type is the caller's error (`invalid`), never silently ignored.
 */
export function optional(fields: Fields, key: string, invalid: () => Error): string | undefined {
  const value = own(fields, key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalid();
  return value.trim() === '' ? undefined : value;
}

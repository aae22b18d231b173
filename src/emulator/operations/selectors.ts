// What in a request's fields selects an operation on a path several operations share, as data: the router tests it,
// docs/operations.md says it in words (`text`), and a test keeps the two the same.
import { flag, has, required, type Fields } from '../rules/fields.js';

export interface Selector {
  /** How docs/operations.md says it. */
  readonly text: string;
  matches(fields: Fields): boolean;
}

const quoted = (key: string) => `\`${key}\``;

/** The flag reads as true (`true`, `"true"`, `"1"`, ...). */
export function flagTrue(key: string): Selector {
  return { text: `${quoted(key)} true`, matches: (fields) => flag(fields, key) === true };
}

/** Any of the fields is present and not blank. */
export function given(...keys: readonly string[]): Selector {
  return { text: `${keys.map(quoted).join(' or ')} given`, matches: (fields) => keys.some((key) => has(fields, key)) };
}

/** The field, trimmed, is exactly this value. */
export function equals(key: string, value: string): Selector {
  return { text: `${quoted(key)} = ${quoted(value)}`, matches: (fields) => required(fields, key) === value };
}

/** The operation of a body no other selector of its path took. */
export const OTHERWISE: Selector = { text: 'anything else', matches: () => true };

/** The one operation of its path. */
export const ONLY: Selector = { text: 'any body', matches: () => true };

// Checks a value against a schema of this document: the part of JSON Schema that shapes.ts and schemas.ts write
// (type, properties and required, items, enum, const, anyOf, minimum, minLength, maxLength), so that a route can take
// a posted document on the terms its documentation states.
import type { Schema } from './shapes.js';

/** Where a value breaks its schema: the field by its path (`summary.timeline[3].p50`) and what was expected. */
export interface Misfit {
  path: string;
  expected: string;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeFits(wanted: unknown, value: unknown): boolean {
  const actual = typeOf(value);
  const types = Array.isArray(wanted) ? (wanted as string[]) : [String(wanted)];
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

function describe(schema: Schema): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if ('const' in schema) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [String(schema.type)];
  return types.join(' or ');
}

function bounds(schema: Schema, value: unknown): string | undefined {
  if (typeof value === 'number' && typeof schema.minimum === 'number' && value < schema.minimum)
    return `a number ≥ ${schema.minimum}`;
  if (typeof value === 'string' && typeof schema.minLength === 'number' && value.length < schema.minLength)
    return `at least ${schema.minLength} characters`;
  if (typeof value === 'string' && typeof schema.maxLength === 'number' && value.length > schema.maxLength)
    return `at most ${schema.maxLength} characters`;
  return undefined;
}

function own(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

function children(schema: Schema, value: unknown, path: string): Misfit | undefined {
  if (Array.isArray(value) && schema.items) {
    for (const [i, item] of value.entries()) {
      const misfit = misfitOf(schema.items as Schema, item, `${path}[${i}]`);
      if (misfit) return misfit;
    }
  }
  if (typeOf(value) !== 'object' || !schema.properties) return undefined;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const [key, field] of Object.entries(schema.properties as Record<string, Schema>)) {
    const child = own(value as object, key);
    const at = path === '' ? key : `${path}.${key}`;
    if (child === undefined) {
      if (required.has(key)) return { path: at, expected: describe(field) };
      continue;
    }
    const misfit = misfitOf(field, child, at);
    if (misfit) return misfit;
  }
  return undefined;
}

/** The first place `value` breaks `schema`, or undefined when it fits. */
export function misfitOf(schema: Schema, value: unknown, path = ''): Misfit | undefined {
  if (Array.isArray(schema.anyOf)) {
    const fits = (schema.anyOf as Schema[]).some((option) => misfitOf(option, value, path) === undefined);
    return fits ? undefined : { path, expected: (schema.anyOf as Schema[]).map(describe).join(' or ') };
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return { path, expected: describe(schema) };
  if ('const' in schema && schema.const !== value) return { path, expected: describe(schema) };
  if (schema.type !== undefined && !typeFits(schema.type, value)) return { path, expected: describe(schema) };
  const limit = bounds(schema, value);
  if (limit) return { path, expected: limit };
  return children(schema, value, path);
}

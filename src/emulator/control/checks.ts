// Checks a control request against its schema (control/schema/): a field that breaks it is a 400 naming the field by
// its path (`summary.timeline[3].p50`), with what was expected as the reason in the request log.
import * as v from 'valibot';
import type { EmulatorError } from '../http/reply.js';
import { asFlag, decodeJsonText, emptyFields, type Fields } from '../rules/fields.js';
import { invalidControlField } from './fields.js';

/** A valibot issue's path as the control API's errors name fields: `a.b[2].c`; '' for the body itself. */
export function pathOf(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key = item.key;
    if (typeof key === 'number') path += `[${key}]`;
    else path += path === '' ? String(key) : `.${String(key)}`;
  }
  return path;
}

/**
 * The issue that names the field: where a value fits none of a union's shapes (a member given as a number or as
 * `{ id, admin }`), the branch that got furthest into it (`participantes[1].id`, not `participantes[1]`).
 */
function deepest(issue: v.BaseIssue<unknown>): v.BaseIssue<unknown> {
  if (issue.type !== 'union' || !issue.issues?.length) return issue;
  // A branch's issues carry their path from the union's value on: the field's is the union's path, then theirs.
  const branches = issue.issues.map((branch) => {
    const inner = deepest(branch);
    return { ...inner, path: [...(issue.path ?? []), ...(inner.path ?? [])] } as v.BaseIssue<unknown>;
  });
  return branches.reduce((best, candidate) =>
    (candidate.path?.length ?? 0) > (best.path?.length ?? 0) ? candidate : best,
  );
}

/** The 400 of the first field that breaks the schema ('corpo' when the body as a whole does). */
export function misfitError(found: v.BaseIssue<unknown>, what: string): EmulatorError {
  const issue = deepest(found);
  const field = pathOf(issue) || 'corpo';
  return invalidControlField(field).because(`${what}: ${field}: ${issue.message}`);
}

/** The fields as the schema types them, or the 400 of the first field that breaks it. */
export function checked<S extends v.GenericSchema>(schema: S, fields: unknown, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, fields, { abortEarly: true });
  if (result.success) return result.output;
  const [issue] = result.issues;
  throw misfitError(issue, what);
}

type Entries = Record<string, v.GenericSchema>;

/** The schema under `optional`/`nullable` wrappers (a pipe keeps its first schema's `type`). */
function unwrapped(schema: v.GenericSchema): v.GenericSchema {
  const wrapped = (schema as { wrapped?: v.GenericSchema }).wrapped;
  return wrapped ? unwrapped(wrapped) : schema;
}

const STRUCTURED = new Set(['array', 'object', 'loose_object', 'record', 'union']);

/**
 * A field as its schema reads it when it came as text (a query string, a form): `"12"` is a number, `"false"` a flag,
 * JSON text an array or object; an optional field that is null or blank is absent (as the routes read it).
 */
function wireValue(entry: v.GenericSchema, value: unknown): unknown {
  const type = unwrapped(entry).type;
  if (type === 'number' && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  if (type === 'boolean') return asFlag(value) ?? value;
  if (STRUCTURED.has(type)) return decodeJsonText(value);
  return value;
}

function wireFields(entries: Entries, fields: Fields): Fields {
  const out = emptyFields();
  for (const [key, value] of Object.entries(fields)) {
    const entry = Object.hasOwn(entries, key) ? entries[key] : undefined;
    if (!entry) out[key] = value;
    else if (entry.type === 'optional' && (value === null || value === '')) continue;
    else out[key] = wireValue(entry, value);
  }
  return out;
}

/** A value outside a field's list of values: the route's own answer names the valid ones (`evento`, `error`, ...). */
const ROUTE_ANSWERS = new Set(['picklist', 'literal']);

/**
 * Checks a control request's fields against the schema its route states (control/schema/routes.ts), read the way a
 * query string or form sends them: a field of the wrong type, or a required one missing, is a 400 naming it. The
 * route's handler then reads the fields as before (aliases, trimming, its own finer rules, and a value outside a
 * field's list, which its answer explains).
 */
export function checkRequest(schema: v.GenericSchema | undefined, fields: Fields): void {
  if (!schema) return;
  const entries = (schema as { entries?: Entries }).entries;
  const result = v.safeParse(schema, entries ? wireFields(entries, fields) : fields);
  const issue = result.issues?.find((candidate) => !ROUTE_ANSWERS.has(candidate.type));
  if (issue) throw misfitError(issue, 'control request');
}

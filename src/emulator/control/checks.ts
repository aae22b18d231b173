// Checks a control request against its schema (control/schema/): a field that breaks it is a 400 naming the field by
// its path (`summary.timeline[3].p50`), with what was expected as the reason in the request log.
import * as v from 'valibot';
import type { EmulatorError } from '../http/reply.js';
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

/** The 400 of the first field that breaks the schema ('corpo' when the body as a whole does). */
export function misfitError(issue: v.BaseIssue<unknown>, what: string): EmulatorError {
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

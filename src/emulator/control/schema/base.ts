// The building blocks of the control API's schemas (valibot): what its fields are made of, written once for the
// types (control/types.ts infers them), the request checks (control/checks.ts) and the OpenAPI document
// (openapi/control.ts converts them).
import * as v from 'valibot';

export const str = v.string();
export const int = v.pipe(v.number(), v.integer());
export const bool = v.boolean();
/** A count or a share: not below 0. */
export const count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const share = v.pipe(v.number(), v.minValue(0));
/** Any JSON object; its fields are not described. */
export const anyObject = v.looseObject({});
/** Text by text name: headers, and the like. */
export const textRecord = v.record(v.string(), v.string());

/** The schema with a description the document shows. */
export function described<S extends v.GenericSchema>(schema: S, text: string) {
  return v.pipe(schema, v.description(text));
}

/** An optional field with a description. */
export function optionalDescribed<S extends v.GenericSchema>(schema: S, text: string) {
  return v.optional(described(schema, text));
}

/** A 200 answer: `status` 200 plus these fields. */
export function answer<E extends v.ObjectEntries>(entries: E) {
  return v.object({ status: v.literal(200), ...entries });
}

/** What most control routes answer: 200 and what happened, in Portuguese. */
export const MessageAnswer = answer({ message: str });

// The control API's valibot schemas as the document's JSON Schemas (2020-12, as OpenAPI 3.1 uses them): the records
// that are components become `$ref`s, and the converter's wordy forms are written the way the rest of the document
// writes them (`type: ['string', 'null']` for a nullable scalar, `{ type: 'object' }` for an undescribed object).
import { toJsonSchema, toJsonSchemaDefs, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

/** A JSON Schema as the document writes it. */
export type Schema = Record<string, unknown>;

/** Schemas written once under `components.schemas` and referred to everywhere else. */
export type Components = Record<string, v.GenericSchema>;

const overrideRef = ({ referenceId }: { referenceId: string }) => `#/components/schemas/${referenceId}`;

function isBareType(schema: Schema): boolean {
  return Object.keys(schema).every((key) => key === 'type' || key === 'minimum') && typeof schema.type === 'string';
}

/** `anyOf` scalars (and `null`) as one `type` list; objects stay `anyOf`. */
function mergeScalars(schema: Schema): Schema {
  const options = schema.anyOf as Schema[];
  if (!options.every(isBareType) || options.filter((option) => 'minimum' in option).length > 1) return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  const merged: Schema = { type: options.map((option) => option.type) };
  for (const option of options) if ('minimum' in option) merged.minimum = option.minimum;
  return { ...merged, ...rest };
}

function tidyObject(schema: Schema): Schema {
  const { propertyNames, ...rest } = schema;
  const plain = propertyNames === undefined || JSON.stringify(propertyNames) === '{"type":"string"}';
  const tidy = plain ? rest : schema;
  const empty =
    JSON.stringify(tidy.properties) === '{}' &&
    JSON.stringify(tidy.required) === '[]' &&
    !('additionalProperties' in tidy);
  if (!empty) return tidy;
  const { properties: _properties, required: _required, ...bare } = tidy;
  return bare;
}

/** The converter's output in the document's own words, all the way down. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (typeof value !== 'object' || value === null) return value;
  let schema: Schema = {};
  for (const [key, child] of Object.entries(value)) if (key !== '$schema') schema[key] = tidy(child);
  if (Array.isArray(schema.enum) && schema.type === 'string') {
    const { type: _type, ...rest } = schema;
    schema = rest;
  }
  if (schema.type === 'object') schema = tidyObject(schema);
  if (Array.isArray(schema.anyOf)) schema = mergeScalars(schema);
  return schema;
}

/** One schema as JSON Schema, the components referred to by `$ref`. */
export function jsonSchemaOf(schema: v.GenericSchema, components: Components = {}): Schema {
  // The converter copies every definition into `$defs`: the document has them once, under components.schemas.
  const { $defs: _defs, ...converted } = toJsonSchema(schema, {
    definitions: components,
    overrideRef,
    target: 'draft-2020-12',
  });
  return tidy(converted) as Schema;
}

/** The components themselves, each written whole (and referring to the others). */
export function componentSchemas(components: Components): Record<string, Schema> {
  const converted: Record<string, JsonSchema> = toJsonSchemaDefs(components, { overrideRef, target: 'draft-2020-12' });
  return tidy(converted) as Record<string, Schema>;
}

// JSON Schemas of objects typed by the TypeScript type they describe: `shape<T>()` takes a schema for each of T's
// fields, no more and no fewer, with T's optional fields (and only those) wrapped in `optional()`. A field added to
// the type and not to the schema, or the other way round, does not compile.

export type Schema = Record<string, unknown>;

declare const DESCRIBES: unique symbol;
const OPTIONAL = Symbol('optional');

/** A schema, tagged (at compile time only) with the type it describes. */
export type SchemaOf<T> = Schema & { readonly [DESCRIBES]?: T };

interface OptionalField<T> {
  readonly [OPTIONAL]: SchemaOf<T>;
}

type RequiredField<T> = SchemaOf<T> & { readonly [OPTIONAL]?: never };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{}` is how a mapped type tests optionality
type IsOptional<T, K extends keyof T> = {} extends Pick<T, K> ? true : false;

export type FieldSchemas<T> = {
  [K in keyof T]-?: IsOptional<T, K> extends true ? OptionalField<Exclude<T[K], undefined>> : RequiredField<T[K]>;
};

/** The schema of an optional field (an untagged schema fits a field of any type). */
export function optional<T = never>(schema: SchemaOf<T>): OptionalField<T> {
  return { [OPTIONAL]: schema };
}

function isOptional(field: Schema | OptionalField<unknown>): field is OptionalField<unknown> {
  return OPTIONAL in field;
}

type AnyFields = Record<string, Schema | OptionalField<unknown>>;

function objectSchema(fields: AnyFields): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(fields)) {
    if (isOptional(field)) properties[key] = field[OPTIONAL];
    else {
      properties[key] = field;
      required.push(key);
    }
  }
  return { type: 'object', properties, required };
}

/**
 * An object with these fields; those not wrapped in `optional()` are required. Other fields are allowed. T comes from
 * the type argument or from where the schema goes, never from the fields given (so that they are checked against it).
 */
export function shape<T>(fields: FieldSchemas<NoInfer<T>>): SchemaOf<T> {
  return objectSchema(fields);
}

/** A 200 answer: `status` 200 plus these fields. */
export function answer<T extends { status: 200 }>(fields: FieldSchemas<Omit<NoInfer<T>, 'status'>>): SchemaOf<T> {
  return objectSchema({ status: { const: 200 }, ...(fields as AnyFields) });
}

/** An array of these items. */
export function arrayOf<T = never>(items: SchemaOf<T>): SchemaOf<T[]> {
  return { type: 'array', items };
}

/** A `$ref` to a component schema, typed as the schema it names. */
export function refTo<T>(name: string, _schema: SchemaOf<T>): SchemaOf<T> {
  return { $ref: `#/components/schemas/${name}` };
}

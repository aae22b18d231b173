// Checks an answer of the emulator against docs/openapi.json, so that the document and the emulator cannot drift apart.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

type Json = Record<string, any>;

export const OPENAPI_PATH = resolve(import.meta.dirname, '../../../../docs/openapi.json');
const document = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();

function validator(key: string, schema: Json): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: document.components });
    compiled.set(key, validate);
  }
  return validate;
}

/** The documented answer schema for (method, path, status): the operation's own, else the shared error schema. */
function answerSchema(method: string, rawPath: string, status: number): { key: string; schema: Json } {
  const path = rawPath.split('?')[0]?.replace(/(.)\/+$/, '$1') ?? rawPath;
  const item = document.paths[path] as Json | undefined;
  // Read-only control routes also answer POST; their answer is the GET's.
  const operation = item?.[method.toLowerCase()] ?? (status === 200 ? item?.get : undefined);
  const response = operation?.responses?.[String(status)] ?? operation?.responses?.default;
  if (!response) return { key: 'Error', schema: { $ref: '#/components/schemas/Error' } };
  return { key: `${path} ${method} ${status}`, schema: response.content['application/json'].schema as Json };
}

/** Null when the body matches the document, else what does not match. */
export function documentMismatch(method: string, path: string, status: number, body: unknown): string | null {
  const { key, schema } = answerSchema(method, path, status);
  const validate = validator(key, schema);
  if (validate(body)) return null;
  return `${method} ${path} → ${status} does not match docs/openapi.json: ${ajv.errorsText(validate.errors)}`;
}

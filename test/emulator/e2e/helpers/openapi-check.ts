// Checks an answer of the emulator against docs/openapi.json, so that the document and the emulator cannot drift apart.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Body as Json } from './http.js';

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

/** Path templates (`/api/v2/ia/{id}`) as patterns, each `{name}` one or more characters other than `/`. */
const TEMPLATES = Object.keys(document.paths as Json)
  .filter((template) => template.includes('{'))
  .map((template) => ({
    template,
    pattern: new RegExp(
      `^${template
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+')}$`,
    ),
  }));

/** The document's path for a concrete one: itself when listed, else the template it fills. */
function documentedPath(path: string): string {
  if (Object.hasOwn(document.paths, path)) return path;
  return TEMPLATES.find(({ pattern }) => pattern.test(path))?.template ?? path;
}

type Answer = { key: string; schema: Json } | { key: string; contentType: string };

/** The documented answer for (method, path, status): the operation's own, else the shared error schema. */
function documentedAnswer(method: string, rawPath: string, status: number): Answer {
  const path = documentedPath(rawPath.split('?')[0]?.replace(/(.)\/+$/, '$1') ?? rawPath);
  const item = document.paths[path] as Json | undefined;
  // Read-only control routes also answer POST; their answer is the GET's.
  const operation = item?.[method.toLowerCase()] ?? (status === 200 ? item?.get : undefined);
  const response = operation?.responses?.[String(status)] ?? operation?.responses?.default;
  if (!response) return { key: 'Error', schema: { $ref: '#/components/schemas/Error' } };
  const key = `${path} ${method} ${status}`;
  const json = response.content['application/json'] as Json | undefined;
  return json ? { key, schema: json.schema as Json } : { key, contentType: Object.keys(response.content).join(', ') };
}

/** Null when the (JSON) body matches the document, else what does not match. */
export function documentMismatch(method: string, path: string, status: number, body: unknown): string | null {
  const answer = documentedAnswer(method, path, status);
  if ('contentType' in answer) return `${method} ${path} → ${status} is documented as ${answer.contentType}, not JSON`;
  const validate = validator(answer.key, answer.schema);
  if (validate(body)) return null;
  return `${method} ${path} → ${status} does not match docs/openapi.json: ${ajv.errorsText(validate.errors)}`;
}

// One readable sentence for each mistake of a conversation file: ajv reports every branch of every `oneOf` it tried,
// so its errors are grouped by the part of the file they are about (a step, a template, a conversation's key, an
// unknown key), and for each group the error that says the most is picked (an unknown key, then the deepest one); the
// step rules (one action per step, which keys go with which) are said in the format's own words.
import type { ErrorObject } from 'ajv';
import { durationProblem } from '../../../../duration.js';
import { arrivalProblem } from '../campaign/arrival.js';

export interface SchemaProblem {
  /** The ajv instance path of the value at fault. */
  path: string;
  message: string;
}

interface Vocabulary {
  actions: readonly string[];
  contactActions: readonly string[];
}

const STEP_PATH = /^\/conversations\/\d+\/steps\/\d+$/;

const depth = (error: ErrorObject) => (error.instancePath === '' ? 0 : error.instancePath.split('/').length);

function where(path: string): string {
  return path === '' ? 'the file' : path.slice(1).replace(/\//g, '.');
}

function stepKeys(error: ErrorObject): string[] {
  return Object.keys(error.data ?? {});
}

/** The key a step-rule error is about: `dependencies` names it, or the path of the rule's subschema does. */
function dependentKey(error: ErrorObject): string | undefined {
  if (error.keyword === 'dependencies') return (error.params as { property?: string }).property;
  return /#\/dependencies\/(\w+)\//.exec(error.schemaPath)?.[1];
}

function dependencyMessage(error: ErrorObject, words: Vocabulary): string {
  const property = dependentKey(error);
  if (property === 'quoting') return '`quoting` goes with `reply`';
  if (property === 'within') return '`within` goes with `expect` or `webhook`';
  return `\`from\` goes with what a contact does (${words.contactActions.join(', ')})`;
}

function stepMessage(error: ErrorObject, words: Vocabulary): string | undefined {
  if (!STEP_PATH.test(error.instancePath)) return undefined;
  if (error.keyword === 'oneOf') {
    const given = stepKeys(error).filter((key) => words.actions.includes(key));
    const found = given.length === 0 ? 'none' : given.join(', ');
    return `a step does exactly one of ${words.actions.join(', ')} (found: ${found})`;
  }
  if (dependentKey(error) !== undefined) return dependencyMessage(error, words);
  return undefined;
}

function plainMessage(error: ErrorObject): string {
  const params = error.params as { additionalProperty?: string; allowedValues?: unknown[] };
  if (error.keyword === 'additionalProperties') {
    const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    return `unknown key \`${params.additionalProperty ?? ''}\` (known: ${known.join(', ')})`;
  }
  if (error.keyword === 'enum') return `must be one of ${(params.allowedValues ?? []).join(', ')}`;
  if (error.schemaPath.startsWith('#/definitions/duration/')) return durationProblem(String(error.data), 'ms');
  if (error.instancePath === '/load/arrival' && error.keyword === 'pattern') {
    return arrivalProblem(String(error.data)) ?? error.message ?? error.keyword;
  }
  if (error.keyword === 'not' && /^\/conversations\/\d+$/.test(error.instancePath)) {
    return 'a conversation has a contact or a group, not both';
  }
  return error.message ?? error.keyword;
}

/** The one problem to report among ajv's errors (there is at least one). */
export function explainSchemaError(errors: readonly ErrorObject[], words: Vocabulary): SchemaProblem {
  for (const error of errors) {
    const message = stepMessage(error, words);
    if (message && dependentKey(error) !== undefined) return { path: error.instancePath, message };
  }
  const unknownKey = errors.find((error) => error.keyword === 'additionalProperties');
  const chosen = unknownKey ?? [...errors].sort((a, b) => depth(b) - depth(a))[0];
  if (!chosen) return { path: '', message: 'does not match the conversation file format' };
  const step = errors.find((error) => error.keyword === 'oneOf' && stepMessage(error, words) !== undefined);
  if (step && !unknownKey && depth(chosen) <= depth(step) + 1 && chosen.keyword !== 'enum') {
    return { path: step.instancePath, message: `${where(step.instancePath)}: ${stepMessage(step, words) ?? ''}` };
  }
  return { path: chosen.instancePath, message: `${where(chosen.instancePath)}: ${plainMessage(chosen)}` };
}

const STEP_PART = /^\/conversations\/\d+\/steps\/\d+/;
const ITEM_PART = /^\/(?:conversations|templates)\/\d+(?:\/[^/]+)?/;
const ITEM = /^\/(?:conversations|templates)\/\d+$/;

/** The part of the file an error is about: its step, else its template's or conversation's key; unknown keys apart. */
function partOf(error: ErrorObject): string {
  const step = STEP_PART.exec(error.instancePath)?.[0];
  if (step !== undefined) return step;
  const part = ITEM_PART.exec(error.instancePath)?.[0] ?? '';
  const property = (error.params as { additionalProperty?: string }).additionalProperty;
  const ownKey = error.keyword === 'additionalProperties' && (part === '' || ITEM.test(part));
  return ownKey ? `${error.instancePath}#${property ?? ''}` : part;
}

/** Every mistake of the file, one problem for each part of it that ajv's errors are about, in file order. */
export function explainSchemaErrors(errors: readonly ErrorObject[], words: Vocabulary): SchemaProblem[] {
  const parts = new Map<string, ErrorObject[]>();
  for (const error of errors) {
    const part = partOf(error);
    parts.set(part, [...(parts.get(part) ?? []), error]);
  }
  return [...parts.values()].map((group) => explainSchemaError(group, words));
}

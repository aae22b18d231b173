// Fault rules set through the control API: which service requests they hit, and what they do instead of answering.
import { EmulatorError } from '../../http/reply.js';
import { invalidDuration, readDuration } from '../../rules/duration-field.js';
import { asText, has, own, type Fields } from '../../rules/fields.js';
import { normalizeRecipient } from '../../rules/recipients.js';
import { isServicePath, OPERATION_NAMES, SERVICE_PATHS } from '../../operations/table.js';
import type { FaultMatch, FaultRule } from '../../control/types.js';
import { NAMED_ERRORS, namedError } from './named-errors.js';

/** What a rule does instead of letting the operation answer. */
export type FaultAction = Pick<FaultRule, 'status' | 'message' | 'http200' | 'delayMs' | 'drop'>;

export const MAX_DELAY_MS = 120_000;
const MAX_RULES = 100;

const OPERATIONS = new Set(OPERATION_NAMES);

function invalid(field: string, detail = ''): EmulatorError {
  return new EmulatorError(400, `Campo inválido: ${field}.${detail ? ` ${detail}` : ''}`);
}

function text(fields: Fields, key: string): string | undefined {
  if (!has(fields, key)) return undefined;
  const value = asText(own(fields, key))?.trim();
  if (!value) throw invalid(key);
  return value;
}

/** `delayMs`: a duration (`1500ms`, `3s`) or milliseconds, up to MAX_DELAY_MS. */
function delay(fields: Fields): number | undefined {
  if (!has(fields, 'delayMs')) return undefined;
  const raw = own(fields, 'delayMs');
  const ms = readDuration(raw);
  if (ms === undefined || ms > MAX_DELAY_MS) throw invalidDuration('delayMs', raw, `até ${MAX_DELAY_MS / 1000} s`);
  return ms;
}

function integer(fields: Fields, key: string, min: number, max: number): number | undefined {
  if (!has(fields, key)) return undefined;
  const value = Number(asText(own(fields, key)));
  if (!Number.isInteger(value) || value < min || value > max) throw invalid(key, `Use um inteiro de ${min} a ${max}.`);
  return value;
}

function flagField(fields: Fields, key: string): boolean {
  if (!has(fields, key)) return false;
  const value = own(fields, key);
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw invalid(key, 'Use true ou false.');
}

function readMatch(fields: Fields): FaultMatch {
  const path = text(fields, 'path');
  if (path !== undefined && !isServicePath(path)) throw invalid('path', `Rotas: ${SERVICE_PATHS.join(', ')}.`);
  const operation = text(fields, 'operation');
  if (operation !== undefined && !OPERATIONS.has(operation))
    throw invalid('operation', `Operações: ${OPERATION_NAMES.join(', ')}.`);
  const rawTo = text(fields, 'to');
  const to = rawTo === undefined ? undefined : normalizeRecipient(rawTo);
  if (rawTo !== undefined && to === undefined) throw invalid('to');
  const appkey = text(fields, 'appkey');
  return { ...(path && { path }), ...(operation && { operation }), ...(appkey && { appkey }), ...(to && { to }) };
}

function readAnswer(fields: Fields): Pick<FaultAction, 'status' | 'message'> {
  const name = text(fields, 'error');
  if (name !== undefined) {
    const named = namedError(name);
    if (!named) throw invalid('error', `Erros: ${Object.keys(NAMED_ERRORS).join(', ')}.`);
    return { status: named.status, message: text(fields, 'message') ?? named.message };
  }
  const status = integer(fields, 'status', 100, 599);
  if (status === undefined) return {};
  return { status, message: text(fields, 'message') ?? `Falha simulada (${status}).` };
}

/** A rule from control fields: match (path, operation, appkey, to) + action (error|status+message, http200, delayMs, drop) + times. */
export function readRule(fields: Fields, id: string): FaultRule {
  const answer = readAnswer(fields);
  const http200 = flagField(fields, 'http200');
  const drop = flagField(fields, 'drop');
  const delayMs = delay(fields);
  const remaining = integer(fields, 'times', 1, 1_000_000);
  if (answer.status === undefined && !drop && delayMs === undefined)
    throw invalid('action', 'Dê error, status, delayMs ou drop.');
  if (http200 && answer.status === undefined) throw invalid('http200', 'Só vale com error ou status.');
  if (drop && answer.status !== undefined) throw invalid('drop', 'drop não responde: não combina com error ou status.');
  const action: FaultAction = {
    ...answer,
    ...(http200 && { http200 }),
    ...(drop && { drop }),
    ...(delayMs !== undefined && { delayMs }),
  };
  return { id, match: readMatch(fields), ...action, ...(remaining !== undefined && { remaining }), hits: 0 };
}

export interface FaultHit {
  /** The rule's id, or `magic:<number>` for a magic recipient. */
  source: string;
  action: FaultAction;
}

/** What a request is matched on. */
export interface FaultTarget {
  path: string;
  operation: string | undefined;
  appkey: string | undefined;
  recipients: readonly string[];
}

function matches(match: FaultMatch, target: FaultTarget): boolean {
  return (
    (match.path === undefined || match.path === target.path) &&
    (match.operation === undefined || match.operation === target.operation) &&
    (match.appkey === undefined || match.appkey === target.appkey) &&
    (match.to === undefined || target.recipients.includes(match.to))
  );
}

export class FaultRules {
  private rules: FaultRule[] = [];
  private next = 1;

  /** `usedUp` hears of a rule whose `times` ran out (it is gone from the list). */
  constructor(private readonly usedUp: (rule: FaultRule) => void = () => undefined) {}

  add(fields: Fields): FaultRule {
    if (this.rules.length >= MAX_RULES) throw new EmulatorError(400, `No máximo ${MAX_RULES} regras de falha.`);
    const rule = readRule(fields, `flt_${this.next}`);
    this.next += 1;
    this.rules.push(rule);
    return rule;
  }

  list(): readonly FaultRule[] {
    return this.rules;
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  /** The first rule that matches, counted as hit (a rule with no hits left is removed). */
  take(target: FaultTarget): FaultRule | undefined {
    const rule = this.rules.find((candidate) => matches(candidate.match, target));
    if (!rule) return undefined;
    rule.hits += 1;
    if (rule.remaining !== undefined) {
      rule.remaining -= 1;
      if (rule.remaining === 0) {
        this.remove(rule.id);
        this.usedUp(rule);
      }
    }
    return rule;
  }
}

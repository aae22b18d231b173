// The English reasons the emulator gives for what it refuses (request log, `X-Emulator-Reason`): the rule and the
// field by its path. Keys in a reason are masked: a reason is shown wherever a developer looks.
import { asText, own, type Fields } from './fields.js';

/** The first four characters of a key and its length, never the whole key. */
export function maskValue(value: unknown): string {
  const raw = asText(value) ?? '';
  return raw.length >= 12 ? `${raw.slice(0, 4)}…(${raw.length})` : '…';
}

const SHOWN_VALUE = 40;

/** A value as a reason quotes it: short text in quotes, anything else by its kind. */
export function quoted(value: unknown): string {
  if (typeof value === 'string') {
    const cut = value.length > SHOWN_VALUE ? `${value.slice(0, SHOWN_VALUE)}…` : value;
    return JSON.stringify(cut);
  }
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** What is wrong with a required text field (`path` names it in the reason): missing, blank or not text. */
export function textProblem(value: unknown, path: string): string {
  if (value === undefined || value === null || value === '') return `${path} is missing`;
  if (typeof value === 'string') return `${path} is blank`;
  return `${path} must be text, got ${quoted(value)}`;
}

/** textProblem for a top-level field. */
export function fieldProblem(fields: Fields, name: string): string {
  return textProblem(own(fields, name), name);
}

/** `<path> <value> is not <what>`, or missing when it is absent. */
export function notA(fields: Fields, name: string, what: string): string {
  const value = own(fields, name);
  if (value === undefined || value === null || value === '') return `${name} is missing`;
  return `${name} ${quoted(value)} is not ${what}`;
}

/** A device as a reason names it: `device loja`, its name masked when it is its appkey (pairDevice's setAppkey). */
export function deviceLabel(device: { nome: string; appkey: string }): string {
  return `device ${device.nome === device.appkey ? maskValue(device.appkey) : device.nome}`;
}

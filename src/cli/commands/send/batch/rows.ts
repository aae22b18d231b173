// Checks every batch row before the first send: recipient, message or template variables; problems keep line numbers.
import { hash } from 'node:crypto';
import { UsageError } from '../../../../errors.js';
import { recipient } from '../../../shared/validate.js';
import type { InputShape, RawRow } from './parse.js';

export type BatchKind = 'text' | 'template' | 'media';

/** A row ready to send: `payload` is the message or the template variables. */
export interface BatchRow {
  line: number;
  to: string;
  payload: { message: string } | { variables: Record<string, string> } | MediaPayload;
  /** Short hash of recipient and content, so a resumed run can tell that a line still says the same. */
  digest: string;
}

/** A media row: `file` an http(s) URL, the name the recipient sees, an optional caption. */
export interface MediaPayload {
  file: string;
  fileName: string;
  caption?: string;
}

export interface InvalidRow {
  line: number;
  reason: string;
}

export interface RowDefaults {
  /** `--message` for text rows without a message column or with an empty one. */
  message?: string;
  /** `--var` values for variables a row does not give. */
  variables: Record<string, string>;
  /** What else decides the content (the template id), so a resumed run notices when it changes. */
  context: string;
}

const TO = 'to';
const MESSAGE = 'message';

/** Checks rows one at a time, so that an input of any size is checked as it streams past. */
export interface RowChecker {
  /** Columns the kind does not use (read and ignored). */
  ignored: string[];
  check(raw: RawRow): BatchRow | InvalidRow;
}

/** The checker for `kind`; refuses an input that lacks a column every row needs (only call it once rows exist). */
export function rowChecker(kind: BatchKind, input: InputShape, defaults: RowDefaults): RowChecker {
  if (findColumn(input.columns, TO) === undefined) {
    throw new UsageError(`The ${describe(input)} has no "to" column — every row needs the recipient in "to"`);
  }
  const checkers = { text: textChecker, template: templateChecker, media: mediaChecker };
  const { payload, ignored } = checkers[kind](input, defaults);
  return { ignored, check: (raw) => checkRow(raw, payload, defaults.context) };
}

type PayloadOf = (raw: RawRow) => BatchRow['payload'] | string;

function checkRow(raw: RawRow, payloadOf: PayloadOf, context: string): BatchRow | InvalidRow {
  if (raw.problem) return { line: raw.line, reason: raw.problem };
  const given = field(raw, TO);
  if (given.trim() === '') return { line: raw.line, reason: 'has no recipient in "to"' };
  let to: string;
  try {
    to = recipient('"to"', given);
  } catch (error) {
    return { line: raw.line, reason: (error as Error).message };
  }
  const payload = payloadOf(raw);
  if (typeof payload === 'string') return { line: raw.line, reason: payload };
  return { line: raw.line, to, payload, digest: digestOf(to, payload, context) };
}

function textChecker(input: InputShape, defaults: RowDefaults): { payload: PayloadOf; ignored: string[] } {
  if (findColumn(input.columns, MESSAGE) === undefined && defaults.message === undefined) {
    throw new UsageError(
      `The ${describe(input)} has no "message" column — add one, or give one text for every row with --message`,
    );
  }
  const ignored = input.columns.filter((c) => ![TO, MESSAGE].includes(c.toLowerCase()));
  return {
    ignored,
    payload: (raw) => {
      const own = field(raw, MESSAGE);
      const message = own.trim() === '' ? (defaults.message ?? '') : own;
      return message.trim() === '' ? 'has an empty message' : { message };
    },
  };
}

function templateChecker(input: InputShape, defaults: RowDefaults): { payload: PayloadOf; ignored: string[] } {
  const columns = input.columns.filter((c) => c.toLowerCase() !== TO);
  const names = [...new Set([...columns, ...Object.keys(defaults.variables)])];
  if (names.length === 0) {
    throw new UsageError(
      `The ${describe(input)} has no variable columns — add one column per template variable next to "to" (or give --var KEY=VALUE)`,
    );
  }
  return {
    ignored: [],
    payload: (raw) => {
      const variables: Record<string, string> = {};
      const missing: string[] = [];
      for (const name of names) {
        const own = raw.fields.get(name) ?? '';
        const value = own.trim() === '' ? (defaults.variables[name] ?? '') : own;
        if (value.trim() === '') missing.push(name);
        else Object.defineProperty(variables, name, { value, enumerable: true, writable: true, configurable: true });
      }
      return missing.length > 0
        ? `is missing template variable${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`
        : { variables };
    },
  };
}

const MEDIA_COLUMNS = [TO, 'file', 'caption', 'filename'];

function mediaChecker(input: InputShape, defaults: RowDefaults): { payload: PayloadOf; ignored: string[] } {
  if (findColumn(input.columns, 'file') === undefined) {
    throw new UsageError(
      `The ${describe(input)} has no "file" column — every media row needs the http(s) URL of its file in "file"`,
    );
  }
  return {
    ignored: input.columns.filter((c) => !MEDIA_COLUMNS.includes(c.toLowerCase())),
    payload: (raw) => {
      const file = field(raw, 'file').trim();
      let url: URL;
      try {
        url = new URL(file);
      } catch {
        return `has "${file}" in "file", not an http(s) URL (in a batch, files must be URLs)`;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return `has "${file}" in "file", not an http(s) URL`;
      const caption = field(raw, 'caption').trim() === '' ? defaults.message : field(raw, 'caption');
      const fileName = field(raw, 'filename').trim() || url.pathname.split('/').filter(Boolean).pop() || 'arquivo';
      return { file, fileName, ...(caption === undefined ? {} : { caption }) };
    },
  };
}

function findColumn(columns: string[], name: string): string | undefined {
  return columns.find((column) => column.toLowerCase() === name);
}

/** A row's value for `to` or `message`, whatever the case of its key (NDJSON rows may differ from one another). */
function field(raw: RawRow, name: string): string {
  for (const [key, value] of raw.fields) if (key.toLowerCase() === name) return value;
  return '';
}

function describe(input: InputShape): string {
  return input.format === 'csv' ? 'CSV header' : 'NDJSON input';
}

function digestOf(to: string, payload: BatchRow['payload'], context: string): string {
  // The one-shot hash: a third of createHash's cost, which builds a Hash object per row.
  return hash('sha256', JSON.stringify([context, to, payload]), 'hex').slice(0, 16);
}

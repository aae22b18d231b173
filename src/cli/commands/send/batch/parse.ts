// Batch input: rows of CSV (with a header) or NDJSON, each with the line it starts on, so errors can point at it.
// Rows are read as a stream: the input is never held whole, so a file of any size reads in the same memory.
import { Readable, pipeline } from 'node:stream';
import { UsageError } from '../../../../errors.js';

export type BatchFormat = 'csv' | 'ndjson';

/** An input's bytes (or text) as they are read. */
export type Chunks = AsyncIterable<Buffer | string> | Iterable<Buffer | string>;

/** One input row: its fields as text, or why it could not be read. */
export interface RawRow {
  line: number;
  /** Column (or key) name as written → value as text. */
  fields: Map<string, string>;
  problem?: string;
}

/** The input's shape: its format and column names (CSV header) or every key seen (NDJSON), in order of first appearance. */
export interface InputShape {
  format: BatchFormat;
  columns: string[];
}

/** An input being read: its shape, then its rows one at a time. */
export interface RowStream extends InputShape {
  rows: AsyncIterable<RawRow>;
}

/** `--format` when given, otherwise the file's extension (.csv, .ndjson/.jsonl); stdin needs --format. */
export function detectFormat(source: string, given: string | undefined): BatchFormat {
  if (given !== undefined) {
    const format = given.trim().toLowerCase();
    if (format === 'csv' || format === 'ndjson') return format;
    throw new UsageError(`--format must be csv or ndjson (got "${given}")`);
  }
  if (/\.csv$/i.test(source)) return 'csv';
  if (/\.(ndjson|jsonl)$/i.test(source)) return 'ndjson';
  const what = source === '-' ? 'stdin' : `"${source}"`;
  throw new UsageError(
    `Cannot tell the format of ${what} from its name — add --format csv or --format ndjson (or name the file .csv / .ndjson)`,
  );
}

/**
 * Opens a row stream. `open` gives the input's bytes afresh each time it is called: NDJSON is read twice (once for
 * the keys every row may use, once for the rows); CSV once, its header first.
 */
export async function openRows(open: () => Chunks, format: BatchFormat, what: string): Promise<RowStream> {
  const text = () => normalisedText(open(), what);
  return format === 'csv' ? csvStream(text()) : ndjsonStream(text);
}

/**
 * Strict UTF-8 text with LF line ends and no BOM, chunk by chunk: a spreadsheet saved as Windows-1252 would
 * otherwise send "Ol\uFFFD" to every row, so the first line that is not UTF-8 is refused by number.
 */
export async function* normalisedText(chunks: Chunks, what: string): AsyncIterable<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let lines = 0;
  let carriage = '';
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      throw notUtf8(what, lines + badLineIn(bytes));
    }
    const joined = carriage + text;
    carriage = joined.endsWith('\r') ? '\r' : '';
    const out = (carriage ? joined.slice(0, -1) : joined).replace(/\r\n?/g, '\n');
    lines += countLines(out);
    if (out !== '') yield out;
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw notUtf8(what, lines + 1);
  }
  const tail = (carriage + rest).replace(/\r\n?/g, '\n');
  if (tail !== '') yield tail;
}

function countLines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** 1 + the newlines before the first byte sequence that is not UTF-8 in `bytes`. */
function badLineIn(bytes: Buffer): number {
  const loose = bytes.toString('utf8');
  return countLines(loose.slice(0, Math.max(0, loose.indexOf('\uFFFD')))) + 1;
}

function notUtf8(what: string, line: number): UsageError {
  return new UsageError(
    `${what} is not UTF-8 text (line ${line} is not) — save it as UTF-8 (in Excel: Save As › "CSV UTF-8") and run again; nothing was sent`,
  );
}

interface CsvRecord {
  record: string[];
  raw: string;
}

async function csvStream(text: AsyncIterable<string>): Promise<RowStream> {
  const { head, rest } = await firstLine(text);
  const { text: start, separator } = withoutSepLine(head);
  const end = start.indexOf('\n');
  const delimiter = separator ?? csvDelimiter(end === -1 ? start : start.slice(0, end));
  const { parse } = await import('csv-parse');
  const parser = parse({
    delimiter,
    skip_empty_lines: true,
    raw: true,
    relax_column_count: true,
    relax_quotes: true,
  });
  // pipeline, unlike pipe, hands a failure of the source (text that is not UTF-8) on to the parser's reader.
  pipeline(Readable.from(prepend(start, rest), { objectMode: false }), parser, () => undefined);
  const iterator = (parser as AsyncIterable<CsvRecord>)[Symbol.asyncIterator]();
  const first = await readable(() => iterator.next());
  const columns = checkHeader(first.done ? [] : first.value.record);
  const linesBefore = first.done ? 0 : countLines(first.value.raw);
  return { format: 'csv', columns, rows: csvRows(iterator, columns, delimiter, linesBefore) };
}

async function* csvRows(
  iterator: AsyncIterator<CsvRecord>,
  columns: string[],
  delimiter: string,
  linesBefore: number,
): AsyncIterable<RawRow> {
  let lines = linesBefore;
  try {
    for (;;) {
      const next = await readable(() => iterator.next());
      if (next.done === true) return;
      const { record, raw } = next.value;
      const fields = new Map<string, string>();
      columns.forEach((column, index) => fields.set(column, record[index] ?? ''));
      const row: RawRow = { line: lines + leadingNewlines(raw) + 1, fields };
      lines += countLines(raw);
      if (!fitsHeader(record, columns.length)) {
        row.problem = `has ${fieldCount(record)} fields but the header has ${columns.length} (${columns.join(delimiter)})`;
      }
      yield row;
    }
  } finally {
    await iterator.return?.();
  }
}

/** A CSV syntax error (an unclosed quote) becomes a usage error; nothing has been sent when it is found. */
async function readable<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`The CSV cannot be read: ${message} — fix the file and run again; nothing was sent`);
  }
}

/** Reads chunks until the first two lines are in hand (a `sep=` line may come first), then hands on the rest. */
async function firstLine(text: AsyncIterable<string>): Promise<{ head: string; rest: AsyncIterator<string> }> {
  const rest = text[Symbol.asyncIterator]();
  let head = '';
  while (countLines(head) < 2) {
    const next = await rest.next();
    if (next.done === true) break;
    head += next.value;
  }
  return { head, rest };
}

async function* prepend(head: string, rest: AsyncIterator<string>): AsyncIterable<string> {
  if (head !== '') yield head;
  for (let next = await rest.next(); next.done !== true; next = await rest.next()) yield next.value;
}

/** Excel's "sep=;" first line names the separator; it is blanked (not removed) so that line numbers stay true. */
function withoutSepLine(text: string): { text: string; separator?: string } {
  const match = /^sep=(.)\n/i.exec(text);
  return match ? { text: `\n${text.slice(match[0].length)}`, separator: match[1] } : { text };
}

/** As many fields as the header, or more that are all empty (spreadsheets pad rows to their widest). */
function fitsHeader(record: string[], columns: number): boolean {
  return record.length >= columns && fieldCount(record) <= columns;
}

/** Fields of a record, not counting empty ones at its end. */
function fieldCount(record: string[]): number {
  let count = record.length;
  while (count > 0 && record[count - 1] === '') count--;
  return count;
}

/** The header's most frequent separator among comma, semicolon (spreadsheets in pt-BR) and tab. */
function csvDelimiter(header: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function checkHeader(names: string[]): string[] {
  const columns = names.map((name) => name.trim());
  while (columns.length > 0 && columns[columns.length - 1] === '') columns.pop();
  if (columns.length === 0 || columns.every((c) => c === '')) {
    throw new UsageError('The CSV has no header line — its first line must name the columns, e.g. to,message');
  }
  const seen = new Set<string>();
  for (const column of columns) {
    if (column === '') throw new UsageError('The CSV header has an empty column name — name every column');
    if (seen.has(column)) throw new UsageError(`The CSV header names "${column}" twice — name each column once`);
    seen.add(column);
  }
  return columns;
}

/** A record's raw text starts with the blank lines skipped before it (its own line comes after them). */
function leadingNewlines(raw: string): number {
  let count = 0;
  while (raw.charCodeAt(count) === 10) count++;
  return count;
}

/** NDJSON: a first read gathers the keys any row uses (a template's variables), the second yields the rows. */
async function ndjsonStream(open: () => AsyncIterable<string>): Promise<RowStream> {
  const columns = new Set<string>();
  for await (const row of ndjsonRows(open())) for (const key of row.fields.keys()) columns.add(key);
  return { format: 'ndjson', columns: [...columns], rows: ndjsonRows(open()) };
}

async function* ndjsonRows(text: AsyncIterable<string>): AsyncIterable<RawRow> {
  let line = 0;
  let partial = '';
  for await (const chunk of text) {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const content of parts) {
      line++;
      if (content.trim() !== '') yield ndjsonRow(content, line);
    }
  }
  if (partial.trim() !== '') yield ndjsonRow(partial, line + 1);
}

function ndjsonRow(content: string, line: number): RawRow {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (error) {
    return {
      line,
      fields: new Map(),
      problem: `is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      line,
      fields: new Map(),
      problem: 'must be a JSON object such as {"to":"+5581989769960","message":"Olá"}',
    };
  }
  const fields = new Map<string, string>();
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string') fields.set(key.trim(), field);
    else if (typeof field === 'number' && Number.isFinite(field)) fields.set(key.trim(), String(field));
    else if (field !== null)
      return { line, fields: new Map(), problem: `has "${key}" that is not a string or a number` };
  }
  return { line, fields };
}

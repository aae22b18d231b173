// Batch input: rows of CSV (with a header) or NDJSON, each with the line it starts on, so errors can point at it.
import { UsageError } from '../../errors.js';

export type BatchFormat = 'csv' | 'ndjson';

/** One input row: its fields as text, or why it could not be read. */
export interface RawRow {
  line: number;
  /** Column (or key) name as written → value as text. */
  fields: Map<string, string>;
  problem?: string;
}

export interface ParsedInput {
  format: BatchFormat;
  /** Column names (CSV header) or every key seen (NDJSON), in order of first appearance. */
  columns: string[];
  rows: RawRow[];
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

/** Parses the whole input; a broken header or an unreadable CSV is a usage error, a broken row is a row problem. */
export async function parseRows(text: string, format: BatchFormat): Promise<ParsedInput> {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  return format === 'csv' ? parseCsv(normalised) : parseNdjson(normalised);
}

async function parseCsv(original: string): Promise<ParsedInput> {
  const { parse } = await import('csv-parse/sync');
  const { text, separator } = withoutSepLine(original);
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  const delimiter = separator ?? csvDelimiter(firstLine);
  let records: { record: string[]; raw: string; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter,
      skip_empty_lines: true,
      info: true,
      raw: true,
      relax_column_count: true,
      relax_quotes: true,
    }) as unknown as typeof records;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`The CSV cannot be read: ${message} — fix the file and run again; nothing was sent`);
  }
  const [header, ...body] = records;
  const columns = checkHeader(header?.record ?? []);
  const rows = body.map(({ record, raw, info }) => ({
    line: startLine(raw, info.lines),
    fields: new Map(columns.map((column, index) => [column, record[index] ?? ''])),
    ...(fitsHeader(record, columns.length)
      ? {}
      : {
          problem: `has ${fieldCount(record)} fields but the header has ${columns.length} (${columns.join(delimiter)})`,
        }),
  }));
  return { format: 'csv', columns, rows };
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

/** csv-parse counts the line a record ends on; a record may span lines (quoted newlines) or follow blank lines. */
function startLine(raw: string, endLine: number): number {
  const body = raw.replace(/^\n+/, '').replace(/\n$/, '');
  return endLine - (body.match(/\n/g)?.length ?? 0);
}

function parseNdjson(text: string): ParsedInput {
  const columns = new Set<string>();
  const rows: RawRow[] = [];
  text.split('\n').forEach((content, index) => {
    if (content.trim() === '') return;
    const row = ndjsonRow(content, index + 1);
    for (const key of row.fields.keys()) columns.add(key);
    rows.push(row);
  });
  return { format: 'ndjson', columns: [...columns], rows };
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

// The whole store as plain rows, table by table, and back: what the control API's state export and import carry.
import type { Store } from './db.js';
import { MIGRATIONS, OLDEST_STATE_VERSION } from './schema.js';

/** Every table, parents before the tables that refer to them (the order rows are put back in). */
export const STATE_TABLES = [
  'accounts',
  'devices',
  'appkeys',
  'pair_links',
  'agents',
  'templates',
  'messages',
  'schedules',
  'otps',
  'groups',
  'inbox',
  'deliveries',
  'contacts',
] as const;

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Whether a state document of schema version `versao` can be imported (see OLDEST_STATE_VERSION). */
export function readableVersion(versao: unknown): boolean {
  return Number.isInteger(versao) && (versao as number) >= OLDEST_STATE_VERSION && (versao as number) <= SCHEMA_VERSION;
}

/** The versions `readableVersion` accepts, in the words of the refusal. */
export const READABLE_VERSIONS =
  OLDEST_STATE_VERSION === SCHEMA_VERSION ? `a ${SCHEMA_VERSION}` : `da ${OLDEST_STATE_VERSION} à ${SCHEMA_VERSION}`;

export type Row = Record<string, unknown>;
export type Tables = Record<string, Row[]>;

export function exportTables(store: Store): Tables {
  return Object.fromEntries(
    STATE_TABLES.map((table) => [table, store.sql(`SELECT * FROM ${table} ORDER BY rowid`).all() as Row[]]),
  );
}

function columnsOf(store: Store, table: string): Set<string> {
  const rows = store.sql(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>;
  return new Set(rows.map((row) => row.name));
}

/** Why a table's rows cannot be put back as they are, or undefined. */
function rowProblem(row: unknown, columns: ReadonlySet<string>): string | undefined {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return 'a row that is not an object';
  for (const [key, value] of Object.entries(row)) {
    if (!columns.has(key)) return `unknown column ${key}`;
    if (value !== null && !['string', 'number'].includes(typeof value)) return `column ${key} is not text or a number`;
  }
  return undefined;
}

/** What is wrong with the tables of a document (unknown tables, rows, columns), or undefined. */
export function tablesProblem(store: Store, tables: Record<string, unknown>): string | undefined {
  for (const [table, rows] of Object.entries(tables)) {
    if (!(STATE_TABLES as readonly string[]).includes(table)) return `unknown table ${table}`;
    if (!Array.isArray(rows)) return `${table} is not a list of rows`;
    const columns = columnsOf(store, table);
    for (const row of rows) {
      const problem = rowProblem(row, columns);
      if (problem) return `${table}: ${problem}`;
    }
  }
  return undefined;
}

/** Empties every table and puts the given rows in (inside the caller's transaction); returns how many. */
export function replaceTables(store: Store, tables: Tables): number {
  for (const table of [...STATE_TABLES].reverse()) store.sql(`DELETE FROM ${table}`).run();
  let count = 0;
  for (const table of STATE_TABLES) {
    for (const row of tables[table] ?? []) {
      const keys = Object.keys(row);
      const columns = keys.join(', ');
      const values = keys.map(() => '?').join(', ');
      store.db.prepare(`INSERT INTO ${table} (${columns}) VALUES (${values})`).run(...(Object.values(row) as never[]));
      count += 1;
    }
  }
  return count;
}

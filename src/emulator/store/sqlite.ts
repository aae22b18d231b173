// The one module that knows which SQLite the emulator runs on: Node's built-in node:sqlite where Node has it without a
// flag (22.13+, 24, 26), better-sqlite3 (an optional peer dependency, installed by hand) only where it does not
// (Node 20). better-sqlite3 is never loaded where node:sqlite exists: on Node 24.19+ its statements abort the process
// when garbage-collected.
import { closeSync, existsSync, openSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

export type SqlValue = string | number | bigint | null | Uint8Array;
/** Positional values, or one object of named values (keys without the @ or : prefix). */
export type SqlParams = SqlValue[] | [object];

export interface SqlStatement {
  run(...params: SqlParams): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: SqlParams): unknown;
  all(...params: SqlParams): unknown[];
}

export interface SqlDatabase {
  /** Which SQLite this is, for the emulator's ready line and bug reports. */
  readonly driver: 'node:sqlite' | 'better-sqlite3';
  exec(sql: string): void;
  prepare(sql: string): SqlStatement;
  close(): void;
}

export interface OpenOptions {
  /** Opens an existing file for reading only (tests inspecting an emulator's database). */
  readonly?: boolean;
}

/** An SQLite failure with better-sqlite3's code names (SQLITE_NOTADB, …) whichever driver raised it. */
export class SqliteFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'SqliteFailure';
  }
}

/**
 * Opens a database file, or ':memory:'. A new file is created readable and writable by its owner only, before SQLite
 * opens it (SQLite gives the -wal and -shm files the database file's mode). Both drivers fail alike on a missing
 * directory (ENOENT) and on a directory given as the file (EISDIR).
 */
export function openDatabase(file: string, options: OpenOptions = {}): SqlDatabase {
  if (file !== ':memory:') prepareFile(file, options.readonly ?? false);
  const builtin = nodeSqlite();
  return builtin ? openBuiltin(builtin, file, options) : openBetterSqlite(file, options);
}

function prepareFile(file: string, readonly: boolean): void {
  const fail = (code: string, message: string) => Object.assign(new Error(message), { code });
  if (!isDirectory(dirname(file))) throw fail('ENOENT', `the directory ${dirname(file)} does not exist`);
  if (isDirectory(file)) throw fail('EISDIR', `${file} is a directory`);
  if (readonly) {
    if (!existsSync(file)) throw fail('ENOENT', `${file} does not exist`);
    return;
  }
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The part of node:sqlite used here (@types/node follows Node 20, the oldest supported line, which lacks it). */
interface NodeSqlite {
  DatabaseSync: new (
    file: string,
    options: { readOnly: boolean },
  ) => {
    exec(sql: string): void;
    prepare(sql: string): SqlStatement;
    close(): void;
  };
}

let loaded: NodeSqlite | null | undefined;

/**
 * node:sqlite when this Node has it without a flag. Node 22 announces it with an ExperimentalWarning on stderr; that
 * one warning, raised while the module loads, is dropped, and every other warning passes as usual.
 */
function nodeSqlite(): NodeSqlite | null {
  if (loaded !== undefined) return loaded;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to restore it, and called through .call(process)
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
    if (!isSqliteExperimentalWarning(warning, rest[0])) {
      (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
    }
  };
  try {
    loaded = (process.getBuiltinModule('node:sqlite') as NodeSqlite | undefined) ?? null;
  } catch {
    loaded = null;
  } finally {
    process.emitWarning = emitWarning;
  }
  return loaded;
}

function isSqliteExperimentalWarning(warning: string | Error, type: unknown): boolean {
  const text = typeof warning === 'string' ? warning : warning.message;
  const kind =
    typeof warning === 'string'
      ? typeof type === 'string'
        ? type
        : (type as { type?: unknown } | null | undefined)?.type
      : warning.name;
  return kind === 'ExperimentalWarning' && /^SQLite is an experimental feature/.test(text);
}

/** SQLite's primary result codes by number, named as better-sqlite3 names them. */
const RESULT_CODES: Record<number, string> = {
  1: 'SQLITE_ERROR',
  5: 'SQLITE_BUSY',
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  19: 'SQLITE_CONSTRAINT',
  23: 'SQLITE_AUTH',
  26: 'SQLITE_NOTADB',
};

/** Rethrows node:sqlite's ERR_SQLITE_ERROR as a SqliteFailure carrying the SQLite code name. */
function translated<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    const errcode = (error as { errcode?: unknown }).errcode;
    if (typeof errcode !== 'number') throw error;
    throw new SqliteFailure((error as Error).message, RESULT_CODES[errcode & 0xff] ?? 'SQLITE_ERROR');
  }
}

function openBuiltin(sqlite: NodeSqlite, file: string, options: OpenOptions): SqlDatabase {
  const db = translated(() => new sqlite.DatabaseSync(file, { readOnly: options.readonly ?? false }));
  return {
    driver: 'node:sqlite',
    exec: (sql) => translated(() => db.exec(sql)),
    prepare(sql) {
      const statement = translated(() => db.prepare(sql));
      return {
        run: (...params) => translated(() => statement.run(...params)),
        get: (...params) => translated(() => statement.get(...params)),
        all: (...params) => translated(() => statement.all(...params)),
      };
    },
    close: () => db.close(),
  };
}

interface BetterSqliteDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): SqlStatement;
  close(): unknown;
}

type BetterSqliteConstructor = new (
  file: string,
  options: { readonly: boolean; fileMustExist: boolean },
) => BetterSqliteDatabase;

function openBetterSqlite(file: string, options: OpenOptions): SqlDatabase {
  const Database = betterSqlite();
  const db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  return {
    driver: 'better-sqlite3',
    exec: (sql) => void db.exec(sql),
    prepare: (sql) => db.prepare(sql),
    close: () => void db.close(),
  };
}

/** What the user is told when this Node has no node:sqlite and better-sqlite3 is not installed. */
export const MISSING_SQLITE =
  `the emulator needs SQLite: Node ${process.versions.node} has no built-in node:sqlite and better-sqlite3 (an ` +
  'optional peer dependency) is not installed or did not build — use Node 22.13 or later, or run ' +
  '`npm install better-sqlite3@12` in the project that has chatbot-cli (`npm install -g better-sqlite3@12` beside a ' +
  'global install; it compiles for a minute or two where no prebuilt binary is available)';

function betterSqlite(): BetterSqliteConstructor {
  try {
    return createRequire(import.meta.url)('better-sqlite3') as BetterSqliteConstructor;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const unbuilt = error instanceof Error && /Could not locate the bindings file/.test(error.message);
    if (code === 'MODULE_NOT_FOUND' || code === 'ERR_DLOPEN_FAILED' || unbuilt)
      throw new SqliteFailure(MISSING_SQLITE, 'SQLITE_MISSING');
    throw error;
  }
}

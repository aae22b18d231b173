// Why the emulator's database could not be used, as a usage error saying what to do (emulator start, demo).
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../../errors.js';

/** A database file that cannot be created, opened or read as SQLite (fs errors, SQLite errors, no SQLite at all). */
export function databaseFailure(error: unknown, db: string): UsageError | undefined {
  const raw = (error as { code?: unknown }).code;
  const code = typeof raw === 'string' ? raw : '';
  const message = error instanceof Error ? error.message : String(error);
  const other = 'choose another file with --db, or --db :memory: to keep nothing';
  if (code === 'SQLITE_MISSING') return new UsageError(`Cannot start: ${message}`);
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    if (!isDirectory(dirname(db))) {
      return new UsageError(`--db ${db}: the directory ${dirname(db)} does not exist — create it first, or ${other}`);
    }
    return new UsageError(`--db ${db}: files cannot be created in ${dirname(db)} — ${other}`);
  }
  if (code === 'EISDIR') return directoryGiven(db);
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new UsageError(`--db ${db}: not allowed to create or write this file — fix its permissions, or ${other}`);
  }
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
    return new UsageError(
      `--db ${db} is not an SQLite database (or is damaged) — give an emulator database, or a new file name`,
    );
  }
  if (code.startsWith('SQLITE_')) {
    return new UsageError(
      `--db ${db} cannot be used as the emulator's database (${message}) — check the file, or ${other}`,
    );
  }
  return undefined;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function directoryGiven(db: string): UsageError {
  return new UsageError(`--db ${db} is a directory — give a file path, e.g. ${join(db, 'emulator.db')}`);
}

// SQLite access: one connection, WAL + synchronous=NORMAL: every acknowledged commit is in the WAL before the reply,
// so it survives the process being killed; only an OS crash or power cut can lose the last commits (docs/emulator.md).
// Which SQLite runs underneath is sqlite.ts's business alone.
import { MIGRATIONS } from './schema.js';
import { openDatabase, type SqlDatabase, type SqlStatement } from './sqlite.js';

export type Db = SqlDatabase;

/** The injected state of every operation: the connection plus a statement cache. */
export interface Store {
  db: Db;
  /** A cached prepared statement. */
  sql(source: string): SqlStatement;
  /** Runs fn in one transaction (BEGIN IMMEDIATE); nested calls join the outer one. */
  tx<T>(fn: () => T): T;
}

export function openStore(file: string): Store {
  const db = openDatabase(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  const cache = new Map<string, SqlStatement>();
  let depth = 0;
  const store: Store = {
    db,
    sql(source) {
      let statement = cache.get(source);
      if (!statement) {
        statement = db.prepare(source);
        cache.set(source, statement);
      }
      return statement;
    },
    tx(fn) {
      if (depth > 0) return fn();
      db.exec('BEGIN IMMEDIATE');
      depth += 1;
      try {
        const result = fn();
        db.exec('COMMIT');
        return result;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      } finally {
        depth -= 1;
      }
    },
  };
  migrate(store);
  return store;
}

function migrate(store: Store): void {
  const { user_version: done } = store.db.prepare('PRAGMA user_version').get() as { user_version: number };
  for (let version = done; version < MIGRATIONS.length; version += 1) {
    store.tx(() => {
      store.db.exec(MIGRATIONS[version] ?? '');
      store.db.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
}

/** Empties every table (control API reset); the schema stays. */
export function wipeStore(store: Store): void {
  store.tx(() => {
    for (const table of [
      'deliveries',
      'inbox',
      'groups',
      'otps',
      'schedules',
      'messages',
      'templates',
      'agents',
      'devices',
      'accounts',
    ]) {
      store.db.exec(`DELETE FROM ${table}`);
    }
  });
}

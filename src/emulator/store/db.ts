// SQLite access: one connection, WAL + synchronous=NORMAL: every acknowledged commit is in the WAL before the reply,
// so it survives the process being killed; only an OS crash or power cut can lose the last commits (docs/emulator.md).
import Database from 'better-sqlite3';
import { MIGRATIONS } from './schema.js';

export type Db = Database.Database;

/** The injected state of every operation: the connection plus a statement cache. */
export interface Store {
  db: Db;
  /** A cached prepared statement. */
  sql(source: string): Database.Statement;
  /** Runs fn in one transaction (BEGIN IMMEDIATE); nested calls join the outer one. */
  tx<T>(fn: () => T): T;
}

export function openStore(file: string): Store {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  const cache = new Map<string, Database.Statement>();
  return {
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
      return db.inTransaction ? fn() : db.transaction(fn).immediate();
    },
  };
}

function migrate(db: Db): void {
  const done = db.pragma('user_version', { simple: true }) as number;
  for (let version = done; version < MIGRATIONS.length; version += 1) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version] ?? '');
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}

/** Empties every table (control API reset); the schema stays. */
export function wipeStore(store: Store): void {
  store.tx(() => {
    for (const table of ['deliveries', 'inbox', 'groups', 'otps', 'schedules', 'messages', 'templates', 'agents', 'devices', 'accounts']) {
      store.db.exec(`DELETE FROM ${table}`);
    }
  });
}

// Store migrations: a new store and one made by an older emulator end at the same schema, and the queries that look
// up one device's webhook deliveries (the control API's queue, the cascade of a device's deletion) use an index.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/emulator/store/db.js';
import { MIGRATIONS, OLDEST_STATE_VERSION } from '../../../src/emulator/store/schema.js';
import { openDatabase } from '../../../src/emulator/store/sqlite.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function opened(file: string): Store {
  const store = openStore(file);
  cleanups.push(() => store.db.close());
  return store;
}

/** What SQLite plans for `sql`: one line per step, e.g. "SEARCH deliveries USING INDEX ...". */
function plan(store: Store, sql: string): string[] {
  const params = ['dev_1', 'pending', 'pending'].slice(0, sql.split('?').length - 1);
  const rows = store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
  return rows.map((row) => row.detail);
}

const version = (store: Store) =>
  (store.db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;

const DEVICE_QUERIES = {
  'the queue of a device (control API)':
    'SELECT id, url, payload, state, attempts, last_error FROM deliveries WHERE device_id = ? AND (? IS NULL OR state = ?) ORDER BY id',
  'the cascade of a device deletion': 'DELETE FROM deliveries WHERE device_id = ?',
};

describe('the deliveries table', () => {
  it.each(Object.entries(DEVICE_QUERIES))('%s searches an index on device_id, not the whole table', (_name, sql) => {
    const steps = plan(opened(':memory:'), sql);
    expect(steps.join('\n')).toMatch(/SEARCH deliveries USING (COVERING )?INDEX deliveries_device \(device_id=\?\)/);
    expect(steps.join('\n')).not.toMatch(/SCAN deliveries/);
  });

  it('a store made before the index gets it when opened, its rows kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatbot-store-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'emulator.db');
    const older = openDatabase(file);
    for (const migration of MIGRATIONS.slice(0, 2)) older.exec(migration);
    older.exec('PRAGMA user_version = 2');
    older.exec(
      "INSERT INTO accounts (id, email, nome, telefone, senha_hash, plano, authkey, expiracao, created_at) VALUES (1, 'a@b.c', 'n', '1', 'h', 'p', 'k', '2999-01-01', 0)",
    );
    older.exec(
      "INSERT INTO devices (id, account_id, appkey, nome, paired_at, created_at) VALUES ('dev_1', 1, 'k1', 'n', 0, 0)",
    );
    older.exec(
      "INSERT INTO deliveries (device_id, url, payload, next_at, created_at) VALUES ('dev_1', 'http://x', '{}', 0, 0)",
    );
    older.close();

    const store = opened(file);
    expect(version(store)).toBe(MIGRATIONS.length);
    expect(plan(store, DEVICE_QUERIES['the cascade of a device deletion']).join('\n')).toContain(
      'INDEX deliveries_device',
    );
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM deliveries').get()).toEqual({ n: 1 });
  });
});

describe('the origin of sent messages', () => {
  it("a store made before the column gets it when opened, its messages taken as the bot's (api)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatbot-store-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'emulator.db');
    const older = openDatabase(file);
    const before = MIGRATIONS.length - 1;
    for (const migration of MIGRATIONS.slice(0, before)) older.exec(migration);
    older.exec(`PRAGMA user_version = ${before}`);
    older.exec(
      "INSERT INTO accounts (id, email, nome, telefone, senha_hash, plano, authkey, expiracao, created_at) VALUES (1, 'a@b.c', 'n', '1', 'h', 'p', 'k', '2999-01-01', 0)",
    );
    older.exec(
      "INSERT INTO devices (id, account_id, appkey, nome, paired_at, created_at) VALUES ('dev_1', 1, 'k1', 'n', 0, 0)",
    );
    older.exec(
      "INSERT INTO messages (id, device_id, destinatario, kind, content, sent_at) VALUES ('m1', 'dev_1', '5521998765432', 'text', '{}', 0)",
    );
    older.close();

    const store = opened(file);
    expect(version(store)).toBe(MIGRATIONS.length);
    expect(store.db.prepare('SELECT id, origem FROM messages').all()).toEqual([{ id: 'm1', origem: 'api' }]);
  });
});

describe('state documents of older versions', () => {
  /** Each statement of a migration: a new table or index, or a column that an older row can go without. */
  const ADDS_ONLY = [
    /^CREATE TABLE \w+ \(/,
    /^CREATE INDEX \w+ ON /,
    /^ALTER TABLE \w+ ADD COLUMN \w+ \w+(?: NOT NULL DEFAULT \S+)?$/,
  ];
  const statements = (migration: string) =>
    migration
      .split(';')
      .map((statement) => statement.trim().replace(/\s+/g, ' '))
      .filter(Boolean);

  it('every migration after the oldest importable version only adds, so older rows fit the newer tables', () => {
    expect(OLDEST_STATE_VERSION).toBeGreaterThanOrEqual(1);
    for (const migration of MIGRATIONS.slice(OLDEST_STATE_VERSION))
      for (const statement of statements(migration))
        expect(
          ADDS_ONLY.some((form) => form.test(statement)),
          `${statement}\nchanges what older rows hold: raise OLDEST_STATE_VERSION`,
        ).toBe(true);
  });

  it('the check refuses a migration that changes older rows', () => {
    const changing = statements('ALTER TABLE messages ADD COLUMN origem TEXT NOT NULL; UPDATE messages SET kind = 1');
    expect(changing.map((statement) => ADDS_ONLY.some((form) => form.test(statement)))).toEqual([false, false]);
  });
});

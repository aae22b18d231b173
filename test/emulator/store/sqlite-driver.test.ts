// The SQLite driver: node:sqlite wherever Node has it without a flag, better-sqlite3 only elsewhere; both fail alike.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/emulator/store/db.js';
import { openDatabase } from '../../../src/emulator/store/sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'chatbot-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const hasBuiltin = major > 22 || (major === 22 && minor >= 13);

function failure(action: () => unknown): { code?: string; message: string } {
  try {
    action();
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected a failure');
}

describe(`SQLite driver on Node ${process.versions.node}`, () => {
  it('drops the node:sqlite ExperimentalWarning and nothing else (the first load in this process)', async () => {
    const seen: string[] = [];
    const listener = (warning: Error) => seen.push(`${warning.name}: ${warning.message}`);
    process.on('warning', listener);
    try {
      openDatabase(':memory:').close();
      process.emitWarning('something else', 'ExperimentalWarning');
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listener);
    }
    expect(seen).toContain('ExperimentalWarning: something else');
    expect(seen.join('\n')).not.toContain('SQLite');
  });

  it(`uses ${hasBuiltin ? 'node:sqlite' : 'better-sqlite3'} here`, () => {
    const db = openDatabase(':memory:');
    expect(db.driver).toBe(hasBuiltin ? 'node:sqlite' : 'better-sqlite3');
    db.close();
  });

  it('creates a new file readable by its owner only, WAL files included', () => {
    const file = join(dir, 'private.db');
    const previous = process.umask(0o022);
    try {
      const store = openStore(file);
      store.db.exec('CREATE TABLE t (a)');
      store.tx(() => store.sql('INSERT INTO t VALUES (?)').run(1));
      for (const name of ['private.db', 'private.db-wal', 'private.db-shm']) {
        expect(statSync(join(dir, name)).mode & 0o777, name).toBe(0o600);
      }
      store.db.close();
    } finally {
      process.umask(previous);
    }
  });

  it('joins nested transactions and rolls the whole one back on a throw', () => {
    const store = openStore(':memory:');
    store.db.exec('CREATE TABLE t (a)');
    const count = () => (store.sql('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;
    const boom = new Error('boom');
    expect(() =>
      store.tx(() => {
        store.sql('INSERT INTO t VALUES (?)').run(1);
        store.tx(() => store.sql('INSERT INTO t VALUES (?)').run(2));
        throw boom;
      }),
    ).toThrow(boom);
    expect(count()).toBe(0);
    store.tx(() => store.tx(() => store.sql('INSERT INTO t VALUES (?)').run(3)));
    expect(count()).toBe(1);
    store.db.close();
  });

  it('fails alike on a missing directory, a directory, and a file that is not a database', () => {
    expect(failure(() => openDatabase(join(dir, 'nao-existe', 'x.db'))).code).toBe('ENOENT');
    expect(failure(() => openDatabase(dir)).code).toBe('EISDIR');
    const text = join(dir, 'notas.txt');
    writeFileSync(text, 'Lista de compras: arroz, feijão, café. '.repeat(40));
    expect(failure(() => openStore(text)).code).toBe('SQLITE_NOTADB');
  });

  it('opens an existing file read-only, and refuses a missing one', () => {
    const file = join(dir, 'readonly.db');
    openStore(file).db.close();
    const db = openDatabase(file, { readonly: true });
    expect(failure(() => db.exec('CREATE TABLE t (a)')).code).toBe('SQLITE_READONLY');
    db.close();
    expect(failure(() => openDatabase(join(dir, 'none.db'), { readonly: true })).code).toBe('ENOENT');
  });
});

// Group commit: requests of one turn share a transaction, each rolled back alone on failure, visible once committed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/emulator/store/db.js';
import { withGroupCommit } from '../../../src/emulator/store/group-commit.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function twoConnections(): { writer: ReturnType<typeof withGroupCommit>; reader: Store } {
  const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
  const raw = openStore(join(dir, 'emulator.db'));
  const reader = openStore(join(dir, 'emulator.db'));
  cleanups.push(() => {
    raw.db.close();
    reader.db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { writer: withGroupCommit(raw), reader };
}

const addAccount = (store: Store, id: number) =>
  store
    .sql(
      "INSERT INTO accounts (id, email, nome, telefone, senha_hash, plano, authkey, expiracao, created_at) VALUES (?, ?, 'n', '1', 'h', 'p', ?, '2999-01-01', 0)",
    )
    .run(id, `a${id}@b.c`, `k${id}`);
const accounts = (store: Store) =>
  (store.sql('SELECT id FROM accounts ORDER BY id').all() as Array<{ id: number }>).map((row) => row.id);

describe('withGroupCommit', () => {
  it('commits the transactions of one turn together, after they ran; a failing one is rolled back alone', async () => {
    const { writer, reader } = twoConnections();
    writer.tx(() => addAccount(writer, 1));
    expect(() =>
      writer.tx(() => {
        addAccount(writer, 2);
        throw new Error('request failed');
      }),
    ).toThrow('request failed');
    writer.tx(() => writer.tx(() => addAccount(writer, 3)));
    expect(writer.open).toBe(true);
    expect(accounts(writer), 'this connection sees its own writes').toEqual([1, 3]);
    expect(accounts(reader), 'nothing is visible elsewhere before the commit').toEqual([]);
    await writer.committed();
    expect(writer.open).toBe(false);
    expect(accounts(reader)).toEqual([1, 3]);
  });

  it('committed() rejects when the group cannot commit, and the group is rolled back', async () => {
    const { writer, reader } = twoConnections();
    writer.tx(() => addAccount(writer, 1));
    // A deferred foreign key violated at commit time makes COMMIT itself fail.
    writer.sql('PRAGMA defer_foreign_keys = ON').run();
    writer.tx(() =>
      writer
        .sql(
          "INSERT INTO devices (id, account_id, appkey, nome, paired_at, created_at) VALUES ('d', 99, 'k', 'n', 0, 0)",
        )
        .run(),
    );
    await expect(writer.committed()).rejects.toThrow(/FOREIGN KEY/);
    expect(accounts(reader)).toEqual([]);
    expect(accounts(writer)).toEqual([]);
  });
});

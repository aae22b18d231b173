// Group commit: every statement run in one turn of the event loop — the reads and writes of every request, the
// webhook worker's reads and outcomes — is part of one transaction, committed once at the end of the turn (one WAL
// append instead of one per request; and reads inside a transaction keep SQLite's page cache, which a read on its own
// after a write throws away). Each request's tx() is a savepoint inside it, so a request that fails rolls back only
// its own writes; every reply waits for committed(), so nothing is acknowledged before it is in the WAL — durability
// after SIGKILL is unchanged. Plain SQL only, through store.sql().
import type { Store } from './db.js';

export interface GroupedStore extends Store {
  /** Resolves once everything written so far is committed; rejects when that commit failed (and was rolled back). */
  committed(): Promise<void>;
  /** Whether a group transaction is open (its writes are not yet visible to anyone outside this process). */
  readonly open: boolean;
}

export function withGroupCommit(store: Store): GroupedStore {
  let group: { done: Promise<void>; resolve(): void; reject(error: unknown): void } | undefined;
  let depth = 0;

  const commit = () => {
    const current = group;
    group = undefined;
    if (!current) return;
    try {
      store.sql('COMMIT').run();
      current.resolve();
    } catch (error) {
      try {
        store.sql('ROLLBACK').run();
      } catch {
        // SQLite already rolled the transaction back.
      }
      current.reject(error);
    }
  };

  const begin = () => {
    store.sql('BEGIN IMMEDIATE').run();
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const done = new Promise<void>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    done.catch(() => undefined);
    group = { done, resolve, reject };
    setImmediate(commit);
  };

  return {
    get db() {
      return store.db;
    },
    sql(source) {
      if (!group) begin();
      return store.sql(source);
    },
    get open() {
      return group !== undefined;
    },
    committed: () => group?.done ?? Promise.resolve(),
    tx(fn) {
      if (!group) begin();
      const name = `request_${depth}`;
      depth += 1;
      store.sql(`SAVEPOINT ${name}`).run();
      try {
        const result = fn();
        store.sql(`RELEASE ${name}`).run();
        return result;
      } catch (error) {
        store.sql(`ROLLBACK TO ${name}`).run();
        store.sql(`RELEASE ${name}`).run();
        throw error;
      } finally {
        depth -= 1;
      }
    },
  };
}

// Accounts: registration data, scrypt password hash, authkey.
import type { Store } from './db.js';

export interface AccountRow {
  id: number;
  email: string;
  nome: string;
  telefone: string;
  senha_hash: string;
  plano: string;
  authkey: string;
  expiracao: string;
}

export type NewAccount = Omit<AccountRow, 'id'> & { created_at: number };

export function findAccountByAuthkey(store: Store, authkey: string): AccountRow | undefined {
  return store.sql('SELECT * FROM accounts WHERE authkey = ?').get(authkey) as AccountRow | undefined;
}

export function findAccountById(store: Store, id: number): AccountRow | undefined {
  return store.sql('SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined;
}

export function findAccountByEmail(store: Store, email: string): AccountRow | undefined {
  return store.sql('SELECT * FROM accounts WHERE email = ?').get(email) as AccountRow | undefined;
}

export function insertAccount(store: Store, account: NewAccount): void {
  store
    .sql(
      `INSERT INTO accounts (email, nome, telefone, senha_hash, plano, authkey, expiracao, created_at)
       VALUES (@email, @nome, @telefone, @senha_hash, @plano, @authkey, @expiracao, @created_at)`,
    )
    .run(account);
}

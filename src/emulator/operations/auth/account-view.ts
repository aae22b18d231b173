// What registration and login answer about the account: `data` (the seed's fields) and `dados` (the real service's).
import type { AccountRow } from '../../store/accounts.js';

export type AccountView = Omit<AccountRow, 'id' | 'senha_hash'>;

export function accountData(account: AccountView): Record<string, string> {
  const { nome, email, telefone, authkey, expiracao, plano } = account;
  return { nome, email, telefone, authkey, expiracao, plano };
}

/** The real service's `dados`: what widely copied clients read after logging in or registering. */
export function accountDados(account: AccountView): Record<string, string> {
  return { ...accountData(account), will_expire: account.expiracao, plan_id: account.plano };
}

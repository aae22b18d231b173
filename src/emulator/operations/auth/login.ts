// login (`auth` = `login`): e-mail and password → the account, as registration answers it (real service only).
import { EmulatorError, type Reply } from '../../http/reply.js';
import type { Fields } from '../../rules/fields.js';
import { findAccountByEmail } from '../../store/accounts.js';
import type { Store } from '../../store/db.js';
import { requireAll } from '../access.js';
import { accountDados, accountData } from './account-view.js';
import { verifyPassword } from './passwords.js';

export const BAD_LOGIN = 'E-mail ou senha inválidos.';

export async function login(store: Store, fields: Fields): Promise<Reply> {
  const input = requireAll(fields, ['email', 'senha']);
  const account = findAccountByEmail(store, input.email);
  if (!account || !(await verifyPassword(input.senha, account.senha_hash)))
    throw new EmulatorError(401, BAD_LOGIN).because(
      account ? "senha is not this account's password" : 'email is not an account of this emulator',
    );
  return {
    status: 200,
    message: 'Login realizado com sucesso.',
    data: accountData(account),
    dados: accountDados(account),
  };
}

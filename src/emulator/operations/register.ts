// E2 (register, auth=registrar) and the live service's auth=login, documented as an extension.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../http/reply.js';
import { validationError } from '../rules/service-errors.js';
import { required, requiredScalar, type Fields } from '../rules/fields.js';
import { newAuthkey } from '../rules/ids.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import { normalizePhone } from '../rules/recipients.js';
import { findAccountByEmail, insertAccount, type AccountRow } from '../store/accounts.js';
import type { Store } from '../store/db.js';
import { formatDate } from '../rules/zoned-time.js';
import { requireAll } from './access.js';

export const ACCOUNT_DAYS = 365;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const DUPLICATE_EMAIL = 'Usuario ja registrado com este e-mail.';
export const BAD_LOGIN = 'E-mail ou senha inválidos.';

type AccountView = Omit<AccountRow, 'id' | 'senha_hash'>;

function accountData(account: AccountView): Record<string, string> {
  const { nome, email, telefone, authkey, expiracao, plano } = account;
  return { nome, email, telefone, authkey, expiracao, plano };
}

/** The live service's `dados` (extension): what widely copied clients read after logging in or registering. */
function accountDados(account: AccountView): Record<string, string> {
  return { ...accountData(account), will_expire: account.expiracao, plan_id: account.plano };
}

export async function register(store: Store, fields: Fields, ctx: Ctx): Promise<Reply> {
  if (required(fields, 'auth') !== 'registrar') throw validationError();
  const input = requireAll(fields, ['email', 'senha', 'nome', 'telefone']);
  const plano = requiredScalar(fields, 'plano');
  if (plano === undefined) throw validationError();
  if (!EMAIL.test(input.email) || input.email.length > 254 || !normalizePhone(input.telefone)) throw validationError();
  if (findAccountByEmail(store, input.email)) throw new EmulatorError(409, DUPLICATE_EMAIL);
  const senha_hash = await hashPassword(input.senha);
  const now = ctx.now();
  const account = {
    email: input.email,
    nome: input.nome,
    telefone: input.telefone,
    plano,
    authkey: newAuthkey(),
    expiracao: formatDate(now + ACCOUNT_DAYS * 86_400_000, ctx.tz),
  };
  store.tx(() => {
    // Checked again inside the transaction: another registration may have won while the hash was computed.
    if (findAccountByEmail(store, input.email)) throw new EmulatorError(409, DUPLICATE_EMAIL);
    insertAccount(store, { ...account, senha_hash, created_at: now });
  });
  return {
    status: 200,
    message: 'Usuário registrado com sucesso.',
    data: accountData(account),
    dados: accountDados(account),
  };
}

export async function login(store: Store, fields: Fields): Promise<Reply> {
  const input = requireAll(fields, ['email', 'senha']);
  const account = findAccountByEmail(store, input.email);
  if (!account || !(await verifyPassword(input.senha, account.senha_hash))) throw new EmulatorError(401, BAD_LOGIN);
  return {
    status: 200,
    message: 'Login realizado com sucesso.',
    data: accountData(account),
    dados: accountDados(account),
  };
}

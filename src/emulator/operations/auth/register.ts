// register (`auth` = `registrar`): a new account with its authkey, valid for a year.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../../http/reply.js';
import { own, required, requiredScalar, type Fields } from '../../rules/fields.js';
import { newAuthkey } from '../../rules/ids.js';
import { normalizePhone } from '../../rules/recipients.js';
import { validationError } from '../../rules/service-errors.js';
import { formatDate } from '../../rules/zoned-time.js';
import { findAccountByEmail, insertAccount } from '../../store/accounts.js';
import type { Store } from '../../store/db.js';
import { requireAll } from '../access.js';
import { accountDados, accountData } from './account-view.js';
import { hashPassword } from './passwords.js';
import { quoted, fieldProblem, notA } from '../../rules/reasons.js';

export const ACCOUNT_DAYS = 365;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const DUPLICATE_EMAIL = 'Usuario ja registrado com este e-mail.';

function duplicate(): EmulatorError {
  return new EmulatorError(409, DUPLICATE_EMAIL).because('email is already an account of this emulator');
}

export async function register(store: Store, fields: Fields, ctx: Ctx): Promise<Reply> {
  if (required(fields, 'auth') !== 'registrar')
    throw validationError(`auth must be "registrar", got ${quoted(own(fields, 'auth'))}`);
  const input = requireAll(fields, ['email', 'senha', 'nome', 'telefone']);
  const plano = requiredScalar(fields, 'plano');
  if (plano === undefined) throw validationError(fieldProblem(fields, 'plano'));
  if (!EMAIL.test(input.email) || input.email.length > 254)
    throw validationError(notA(fields, 'email', 'an e-mail address'));
  if (!normalizePhone(input.telefone)) throw validationError(notA(fields, 'telefone', 'a phone number'));
  if (findAccountByEmail(store, input.email)) throw duplicate();
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
    if (findAccountByEmail(store, input.email)) throw duplicate();
    insertAccount(store, { ...account, senha_hash, created_at: now });
  });
  return {
    status: 200,
    message: 'Usuário registrado com sucesso.',
    data: accountData(account),
    dados: accountDados(account),
  };
}

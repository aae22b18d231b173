// register: creates an account (register) and saves its authkey in the profile.
import { maskSecret } from '../../../secrets.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { registerCommand } from './register-command.js';
import { inPlace } from '../../prompt.js';
import { email, nonEmpty, phoneNumber, typedPhoneNumber } from '../../shared/validate.js';
import { secretFromStdin, rememberAccount } from './credentials.js';

/**
 * The flag's value, checked; else the answer to `question`, checked by `typed` (by default the same check): a bad
 * answer is explained and asked again.
 */
async function valueOf(
  ctx: Context,
  given: string | undefined,
  flag: string,
  question: string,
  check: (name: string, value: string) => string,
  typed = check,
): Promise<string> {
  if (given !== undefined) return check(flag, given);
  return typed(flag, await ctx.prompt.text(flag, question, inPlace(typed)));
}

const PHONE_QUESTION = 'Phone (+55 81 98976-9960, or 81 98976-9960 for a Brazilian number)';
const PLAN_QUESTION = 'Plan ID (as the service gave it to you; the emulator takes any, e.g. 1)';

export async function register(ctx: Context, { opts }: InputOf<typeof registerCommand>): Promise<void> {
  const name = await valueOf(ctx, opts.name, '--name', 'Full name', nonEmpty);
  const mail = await valueOf(ctx, opts.email, '--email', 'E-mail', email);
  const phone = await valueOf(ctx, opts.phone, '--phone', PHONE_QUESTION, phoneNumber, typedPhoneNumber);
  const plan = await valueOf(ctx, opts.plan, '--plan', PLAN_QUESTION, nonEmpty);
  const password = opts.passwordStdin
    ? await secretFromStdin(ctx, '--password-stdin')
    : await ctx.prompt.newSecret('--password-stdin', 'Password');
  const api = await ctx.api();
  const response = await api.register({ email: mail, password, name, phone, plan });
  const account = response.data;
  const profile = await rememberAccount(ctx, account.authkey);
  ctx.out.result(response, () => [
    `Registered ${account.nome} <${account.email}>`,
    `  phone    ${account.telefone}`,
    `  plan     ${account.plano} (expires ${account.expiracao})`,
    `  authkey  ${maskSecret(account.authkey)} (saved to profile "${profile}")`,
  ]);
  ctx.out.info('Next: pair a phone with `chatbot pair`.');
}

// login: saves a checked authkey in the profile, given or got with an e-mail and password.
import { MalformedResponse, UsageError } from '../../../errors.js';
import { maskSecret } from '../../../secrets.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { loginCommand } from './login-command.js';
import { email } from '../../shared/validate.js';
import { devicesOrEmpty } from '../../shared/devices.js';
import { secretFromStdin, rememberAccount } from './credentials.js';

/** `login --email`: the password from stdin or a hidden prompt; the authkey from the answer's `dados` or `data`. */
async function authkeyByPassword(ctx: Context, given: string, passwordStdin: boolean): Promise<string> {
  const mail = email('--email', given);
  const password = passwordStdin
    ? await secretFromStdin(ctx, '--password-stdin')
    : await ctx.prompt.secret('--password-stdin', 'Password');
  ctx.run.secrets.remember(password);
  const response = await (await ctx.api()).login({ email: mail, password });
  const authkey = [response.dados?.authkey, response.data?.authkey].find(
    (k): k is string => typeof k === 'string' && k !== '',
  );
  if (authkey === undefined)
    throw new MalformedResponse(
      200,
      'The service answered the login without an authkey (dados.authkey or data.authkey)',
    );
  return authkey;
}

async function authkeyOf(ctx: Context, opts: InputOf<typeof loginCommand>['opts']): Promise<string> {
  if (opts.email !== undefined && opts.authkeyStdin)
    throw new UsageError('Give --email (with a password) or --authkey-stdin, not both');
  if (opts.email === undefined && opts.passwordStdin) throw new UsageError('--password-stdin needs --email');
  if (opts.email !== undefined) return authkeyByPassword(ctx, opts.email, opts.passwordStdin === true);
  if (opts.authkeyStdin) return (await secretFromStdin(ctx, '--authkey-stdin')).trim();
  return ctx.prompt.secret('--authkey-stdin', 'Authkey');
}

export async function login(ctx: Context, { opts }: InputOf<typeof loginCommand>): Promise<void> {
  const authkey = await authkeyOf(ctx, opts);
  ctx.run.secrets.remember(authkey);
  const api = await ctx.api();
  const devices = await devicesOrEmpty(() => api.listDevices(authkey));
  const profile = await rememberAccount(ctx, authkey);
  ctx.out.result(
    { status: 200, profile, authkey, devices: devices.length },
    () => `Logged in: authkey ${maskSecret(authkey)} saved to profile "${profile}" (${devices.length} device(s))`,
  );
}

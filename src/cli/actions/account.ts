// register, login, logout, status.
import { ApiError, AuthFailure, CliError, MalformedResponse, NetworkError, UsageError } from '../../errors.js';
import { maskSecret } from '../../secrets.js';
import type { Context } from '../context.js';
import type { InputOf } from '../command.js';
import type { loginCommand, registerCommand } from '../commands/account.js';
import { readAll } from '../io.js';
import { inPlace } from '../prompt.js';
import { email, nonEmpty, phoneNumber } from '../validate.js';
import { devicesOrEmpty } from '../device-list.js';

/** The flag's value, else the answer to `question`, checked (a bad answer is explained and asked again). */
async function valueOf(
  ctx: Context,
  given: string | undefined,
  flag: string,
  question: string,
  check: (flag: string, value: string) => string,
): Promise<string> {
  return check(flag, given ?? (await ctx.prompt.text(flag, question, inPlace(flag, check))));
}

async function secretFromStdin(ctx: Context, flag: string): Promise<string> {
  const value = (await readAll(ctx.io.stdin)).replace(/\r?\n$/, '');
  if (value === '') throw new UsageError(`${flag} was given but stdin was empty`);
  return value;
}

/** Stores the base URL only when it was chosen explicitly, so the profile keeps talking to the same service. */
async function rememberAccount(ctx: Context, authkey: string): Promise<string> {
  const settings = await ctx.settings();
  const baseUrl =
    settings.baseUrl.source === 'flag' || settings.baseUrl.source === 'env' ? settings.baseUrl.value : undefined;
  await (
    await ctx.config()
  ).updateProfile(settings.profile, (profile) => ({
    ...profile,
    authkey,
    ...(baseUrl ? { baseUrl } : {}),
  }));
  return settings.profile;
}

export async function register(ctx: Context, { opts }: InputOf<typeof registerCommand>): Promise<void> {
  const name = await valueOf(ctx, opts.name, '--name', 'Full name', nonEmpty);
  const mail = await valueOf(ctx, opts.email, '--email', 'E-mail', email);
  const phone = await valueOf(ctx, opts.phone, '--phone', 'Phone with country code (+55…)', phoneNumber);
  const plan = await valueOf(ctx, opts.plan, '--plan', 'Plan ID', nonEmpty);
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

export async function logout(ctx: Context): Promise<void> {
  ctx.refuseDryRun('logout');
  const config = await ctx.config();
  const name = await ctx.profileName();
  await config.updateProfile(name, ({ authkey: _authkey, appkey: _appkey, devices: _devices, ...rest }) => rest);
  ctx.out.result({ status: 200, profile: name }, () => `Logged out of profile "${name}" (keys and devices forgotten)`);
}

interface Probe {
  reachable: boolean;
  authkeyAccepted?: boolean;
  detail: string;
}

/** What `status` found, and the failure that decides its exit code (none when the key is accepted). */
async function probe(ctx: Context, authkey: string | undefined): Promise<{ check: Probe; failure?: CliError }> {
  const accepted = { check: { reachable: true, authkeyAccepted: true, detail: 'answers; authkey accepted' } };
  try {
    await (await ctx.api()).listDevices(authkey ?? '');
    return accepted;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return accepted;
    if (error instanceof ApiError && error.status === 401) {
      const check = {
        reachable: true,
        authkeyAccepted: false,
        detail: authkey ? 'answers; authkey rejected (401)' : 'answers',
      };
      return { check, failure: new AuthFailure(authkey ? KEY_REJECTED : NO_KEY) };
    }
    if (error instanceof NetworkError) return { check: { reachable: false, detail: error.message }, failure: error };
    if (error instanceof CliError)
      return { check: { reachable: true, detail: `answers wrongly: ${error.message}` }, failure: error };
    throw error;
  }
}

const NO_KEY =
  'No authkey in this profile — run `chatbot register` or `chatbot login`, or pass --authkey / set CHATBOT_AUTHKEY';
const KEY_REJECTED =
  'The service rejected the authkey (401) — it may be wrong or expired: run `chatbot login` with a valid one';

/** Prints the report, then fails (exit 7 unreachable, 3 key missing or rejected, 8 a wrong answer) unless all is well. */
export async function status(ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const { check, failure } = await probe(ctx, settings.authkey?.value);
  const device = settings.device;
  const body = {
    status: failure ? failure.status : 200,
    profile: settings.profile,
    baseUrl: settings.baseUrl,
    authkey: settings.authkey ? { value: maskSecret(settings.authkey.value), source: settings.authkey.source } : null,
    appkey: settings.appkey
      ? { value: ctx.run.secrets.mask(settings.appkey.value), source: settings.appkey.source }
      : null,
    device: device ? { id: device.id, name: device.name } : null,
    service: check,
  };
  const s = ctx.out.style;
  ctx.out.result(body, () => [
    `profile   ${settings.profile}`,
    `base URL  ${settings.baseUrl.value} ${s.dim(`(${settings.baseUrl.source})`)}`,
    `authkey   ${settings.authkey ? `${maskSecret(settings.authkey.value)} ${s.dim(`(${settings.authkey.source})`)}` : s.yellow('none — run `chatbot register` or `chatbot login`')}`,
    `device    ${device ? `${device.name} (${device.id}), appkey ${ctx.run.secrets.mask(device.appkey)}` : settings.appkey ? `appkey ${ctx.run.secrets.mask(settings.appkey.value)} ${s.dim(`(${settings.appkey.source})`)}` : 'none — pair one with `chatbot pair`'}`,
    `service   ${check.reachable && !failure ? s.green(check.detail) : s.red(check.reachable ? check.detail : `unreachable — ${check.detail}`)}`,
  ]);
  if (failure) throw failure;
}

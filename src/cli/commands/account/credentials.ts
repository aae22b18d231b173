// How register and login read a secret from stdin and keep the account's authkey in the profile.
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { readAll } from '../../io.js';

/** A secret piped to stdin (--password-stdin, --authkey-stdin), without its final newline. */
export async function secretFromStdin(ctx: Context, flag: string): Promise<string> {
  const value = (await readAll(ctx.io.stdin)).replace(/\r?\n$/, '');
  if (value === '') throw new UsageError(`${flag} was given but stdin was empty`);
  return value;
}

/** Stores the base URL only when it was chosen explicitly, so the profile keeps talking to the same service. */
export async function rememberAccount(ctx: Context, authkey: string): Promise<string> {
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

// name set: changes the device's name, and the profile's record of it.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { setNameCommand } from './set-command.js';
import { reportDone } from '../../shared/confirmation.js';
import { nonEmpty } from '../../shared/validate.js';

export async function setName(ctx: Context, { args }: InputOf<typeof setNameCommand>): Promise<void> {
  const name = nonEmpty('<new name>', args[0].join(' ')).trim();
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).renameDevice(keys, name);
  await rememberName(ctx, keys.appkey, name);
  reportDone(ctx, body, `Device name changed to "${name}"`);
}

/** Keeps the profile's record of the device in step with its new name, when the profile knows the device. */
async function rememberName(ctx: Context, appkey: string, name: string): Promise<void> {
  const settings = await ctx.settings();
  if (settings.device?.appkey !== appkey) return;
  await (
    await ctx.config()
  ).updateProfile(settings.profile, (profile) => ({
    ...profile,
    devices: (profile.devices ?? []).map((d) => (d.appkey === appkey ? { ...d, name } : d)),
  }));
}

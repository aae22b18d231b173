// user status (E17), name set (E18), webhook on|off (E19).
import type { Context } from '../context.js';
import type { InputOf } from '../command.js';
import type { setNameCommand, userStatusCommand, webhookCommand } from '../commands/group.js';
import { deviceByRef } from '../shared/device-records.js';
import { reportDone } from '../shared/confirmation.js';
import { nonEmpty, phoneNumber } from '../shared/validate.js';
import { webhookDeviceId } from './settings-device.js';

export async function userStatus(ctx: Context, { args }: InputOf<typeof userStatusCommand>): Promise<void> {
  const phone = phoneNumber('<phone>', args[0]);
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).userStatus(keys, phone);
  ctx.out.result(body, () => `${phone}: ${body.userStatus}`);
}

export async function setName(ctx: Context, { args }: InputOf<typeof setNameCommand>): Promise<void> {
  const name = nonEmpty('<new name>', args[0].join(' ')).trim();
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).setName(keys, name);
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

const TYPE_LABEL = { chat: 'chats', grupo: 'groups' } as const;

export async function webhookSwitch(ctx: Context, { args, opts }: InputOf<typeof webhookCommand>): Promise<void> {
  const enabled = args[0] === 'on';
  const { type } = opts;
  const given = opts.device === undefined ? undefined : nonEmpty('--device', opts.device).trim();
  const named = given === undefined ? undefined : await deviceByRef(ctx, given);
  const keys = named ? { authkey: await ctx.authkey(), appkey: named.appkey } : await ctx.deviceKeys();
  const deviceId = named?.id ?? (await webhookDeviceId(ctx, given, keys));
  const body = await (await ctx.api()).setWebhook(keys, { type, deviceId, enabled });
  reportDone(
    ctx,
    body,
    `Webhook events of ${TYPE_LABEL[type]} switched ${enabled ? 'on' : 'off'} for device ${deviceId}`,
  );
}

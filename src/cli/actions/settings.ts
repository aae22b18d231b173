// user status (E17), name set (E18), webhook on|off (E19).
import type { Context } from '../context.js';
import { deviceByRef } from './device-profile.js';
import type { HandlerInput } from '../define.js';
import { reportSent } from '../sent.js';
import { nonEmpty, phoneNumber } from '../validate.js';
import { webhookDeviceId } from './settings-device.js';

export async function userStatus(ctx: Context, { args }: HandlerInput): Promise<void> {
  const phone = phoneNumber('<phone>', args[0] ?? '');
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).userStatus(keys, phone);
  ctx.out.result(body, () => `${phone}: ${body.userStatus}`);
}

export async function setName(ctx: Context, { args }: HandlerInput): Promise<void> {
  const name = nonEmpty('<new name>', args.join(' ')).trim();
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).setName(keys, name);
  await rememberName(ctx, keys.appkey, name);
  reportSent(ctx, body, `Device name changed to "${name}"`);
}

/** Keeps the profile's record of the device in step with its new name, when the profile knows the device. */
async function rememberName(ctx: Context, appkey: string, name: string): Promise<void> {
  const settings = await ctx.settings();
  if (settings.device?.appkey !== appkey) return;
  await (await ctx.config()).updateProfile(settings.profile, (profile) => ({
    ...profile,
    devices: (profile.devices ?? []).map((d) => (d.appkey === appkey ? { ...d, name } : d)),
  }));
}

const TYPE_LABEL = { chat: 'chats', grupo: 'groups' } as const;

async function switchWebhook(ctx: Context, opts: Record<string, unknown>, enabled: boolean): Promise<void> {
  const type = opts.type as 'chat' | 'grupo';
  const given = typeof opts.device === 'string' ? nonEmpty('--device', opts.device).trim() : undefined;
  const named = given === undefined ? undefined : await deviceByRef(ctx, given);
  const keys = named ? { authkey: await ctx.authkey(), appkey: named.appkey } : await ctx.deviceKeys();
  const deviceId = named?.id ?? await webhookDeviceId(ctx, given, keys);
  const body = await (await ctx.api()).setWebhook(keys, { type, deviceId, enabled });
  reportSent(ctx, body, `Webhook events of ${TYPE_LABEL[type]} switched ${enabled ? 'on' : 'off'} for device ${deviceId}`);
}

export async function webhookSwitch(ctx: Context, { args, opts }: HandlerInput): Promise<void> {
  await switchWebhook(ctx, opts, args[0] === 'on');
}

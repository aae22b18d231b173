// webhook on|off: switches a device's webhook events of chats or of groups.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { webhookCommand } from './webhook-command.js';
import { deviceByRef } from '../../shared/device-records.js';
import { reportDone } from '../../shared/confirmation.js';
import { nonEmpty } from '../../shared/validate.js';
import { webhookDeviceId } from './switched-device.js';

const TYPE_LABEL = { chat: 'chats', grupo: 'groups' } as const;

export async function webhookSwitch(ctx: Context, { args, opts }: InputOf<typeof webhookCommand>): Promise<void> {
  const enabled = args[0] === 'on';
  const { type } = opts;
  const given = opts.device === undefined ? undefined : nonEmpty('--device', opts.device).trim();
  const named = given === undefined ? undefined : await deviceByRef(ctx, given);
  const keys = named ? { authkey: await ctx.authkey(), appkey: named.appkey } : await ctx.deviceKeys();
  const deviceId = named?.id ?? (await webhookDeviceId(ctx, given, keys));
  const body = await (await ctx.api()).switchWebhook(keys, { type, deviceId, enabled });
  reportDone(
    ctx,
    body,
    `Webhook events of ${TYPE_LABEL[type]} switched ${enabled ? 'on' : 'off'} for device ${deviceId}`,
  );
}

// emulator set-webhook: a device's webhook address changes, and it stays connected (the real service would re-pair it).
import { maskSecret } from '../../../secrets.js';
import type { InputOf } from '../../command.js';
import type { Context } from '../../context.js';
import { deviceByRef, deviceLabel } from '../../shared/device-records.js';
import { nonEmpty, webhookUrl } from '../../shared/validate.js';
import { checkMark } from './check-mark.js';
import { emulatorControl } from './control-client.js';
import type { emulatorSetWebhookCommand } from './set-webhook-command.js';

export async function emulatorSetWebhook(
  ctx: Context,
  { args }: InputOf<typeof emulatorSetWebhookCommand>,
): Promise<void> {
  const ref = nonEmpty('<device>', args[0]).trim();
  const url = webhookUrl('<url>', args[1]);
  const known = await deviceByRef(ctx, ref);
  const body = await (await emulatorControl(ctx)).setWebhook({ appkey: known?.appkey ?? ref, webhook: url });
  const label = known ? deviceLabel(known) : maskSecret(ref);
  ctx.out.result(body, () => `${checkMark(ctx)} Device ${label} now sends its events to ${url}`);
}

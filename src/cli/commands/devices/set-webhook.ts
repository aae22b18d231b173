// devices set-webhook: the service sets a device's webhook only when pairing it (pairDevice, or conecteQR for a device
// that is not connected). So a device that is not connected gets the new address through conecteQR (which also
// gives it a fresh QR code), checked afterwards; a connected one is refused with what to do instead.
import type { Device } from '../../../api/types.js';
import { UnexpectedAnswer, UsageError } from '../../../errors.js';
import type { InputOf } from '../../command.js';
import type { Context } from '../../context.js';
import { isConnected } from '../../shared/devices.js';
import { nonEmpty, webhookUrl } from '../../shared/validate.js';
import type { setWebhookCommand } from './set-webhook-command.js';
import { doneMark } from '../../../output/marks.js';

function connectedRefusal(device: Device, url: string): UsageError {
  return new UsageError(
    `Device ${device.nome} (${device.id}) is connected, and the service changes a device's webhook only when it is paired: ` +
      `\`chatbot pair --name ${device.nome} --webhook ${url}\` pairs it again, which disconnects it until its phone scans the new QR code. ` +
      `Against the local emulator, \`chatbot emulator set-webhook ${device.nome} ${url}\` changes it and keeps it connected`,
  );
}

export async function setWebhook(ctx: Context, { args }: InputOf<typeof setWebhookCommand>): Promise<void> {
  const reference = nonEmpty('<id|name>', args[0]).trim();
  const url = webhookUrl('<url>', args[1]);
  const authkey = await ctx.authkey();
  const api = await ctx.api();
  const { dispositivo: device } = await api.checkDevice(authkey, reference);
  if (device.webhook === url) {
    ctx.out.result(
      { status: 200, changed: false, dispositivo: device },
      () => `Device ${device.nome} already sends its events to ${url}`,
    );
    return;
  }
  if (isConnected(device)) throw connectedRefusal(device, url);
  await api.connectQr(authkey, { device: device.nome, webhook: url });
  const { dispositivo: after } = await api.checkDevice(authkey, device.id);
  if (after.webhook !== url) {
    throw new UnexpectedAnswer(`conecteQR answered 200, but the device's webhook is still "${after.webhook}"`);
  }
  const check = doneMark(ctx.out.style);
  ctx.out.result({ status: 200, changed: true, dispositivo: after }, () => [
    `${check} Webhook of device ${after.nome} (${after.id}) set to ${url}`,
    `It is not connected: pair it with the QR code at \`chatbot devices link ${after.nome}\``,
  ]);
}

// devices check (checkDevice): is the device connected? A connected device the profile knows becomes current when
// the profile has none (the way back after `pair --no-wait` or a wait stopped with Ctrl-C).
import type { Device } from '../../../api/types.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { checkDeviceCommand } from './check-command.js';
import { nonEmpty } from '../../shared/validate.js';
import { describeDevice, recordedDevice, rememberDevice } from '../../shared/device-records.js';
import { isConnected } from '../../shared/devices.js';

function lines(ctx: Context, device: Device): string[] {
  const s = ctx.out.style;
  return [
    `Device ${device.nome} (${device.id})`,
    `  connected  ${isConnected(device) ? s.green('yes') : s.yellow('no')}`,
    `  phone      ${device.telefone || '—'}`,
    `  webhook    ${device.webhook || '—'}`,
  ];
}

async function adoptIfUnselected(ctx: Context, device: Device): Promise<void> {
  if (!isConnected(device)) return;
  const { device: known, hasCurrent } = await recordedDevice(ctx, device.id);
  if (!known || hasCurrent) return;
  const updated = { ...known, name: device.nome };
  const profile = await rememberDevice(ctx, updated, true);
  ctx.out.info(`Device ${describeDevice(updated)} is now the current device of profile "${profile}".`);
}

export async function checkDevice(ctx: Context, { args }: InputOf<typeof checkDeviceCommand>): Promise<void> {
  const reference = nonEmpty('<id|name>', args[0]).trim();
  const authkey = await ctx.authkey();
  const response = await (await ctx.api()).checkDevice(authkey, reference);
  ctx.out.result(response, () => lines(ctx, response.dispositivo));
  await adoptIfUnselected(ctx, response.dispositivo);
}

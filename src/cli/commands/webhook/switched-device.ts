// Which device switchWebhook switches: --device, else the profile's record of the current device, else the account's
// list.
import type { Device } from '../../../api/types.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { devicesOrEmpty } from '../../shared/devices.js';

/** The device id to send in switchWebhook's `message`; only looks the account up (listDevices) when nothing local says it. */
export async function webhookDeviceId(
  ctx: Context,
  given: string | undefined,
  keys: { authkey: string; appkey: string },
): Promise<string> {
  if (given !== undefined) return given;
  const known = (await ctx.settings()).device?.id;
  if (known) return known;
  const devices = await devicesOrEmpty(async () => (await ctx.api()).listDevices(keys.authkey));
  return deviceOfAppkey(devices, keys.appkey).id;
}

/**
 * The listed device the appkey names. The list does not always carry appkeys, so a device whose id or name is the
 * appkey (pairing names it after `setAppkey`) matches too, and an account with a single device needs no match.
 */
export function deviceOfAppkey(devices: readonly (Device & { appkey?: string })[], appkey: string): Device {
  const named = devices.find((d) => d.appkey === appkey || d.id === appkey || d.nome === appkey);
  if (named) return named;
  if (devices.length === 1 && devices[0]) return devices[0];
  const why = devices.length === 0 ? 'the account has no devices' : `the account has ${devices.length} devices`;
  throw new UsageError(`Cannot tell which device to switch (${why}) — pass --device ID (see \`chatbot devices ls\`)`);
}

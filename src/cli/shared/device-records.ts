// The profile's record of devices: pairing adds one (and may make it current), removal drops it.
import type { DeviceRef, Profile } from '../../config/store.js';
import type { Context } from '../context.js';

function withDevice(profile: Profile, device: DeviceRef, current: boolean): Profile {
  const others = (profile.devices ?? []).filter((d) => d.appkey !== device.appkey && d.id !== device.id);
  return { ...profile, devices: [...others, device], ...(current ? { appkey: device.appkey } : {}) };
}

/** Records `device` in the active profile, replacing an older record of it; `current` also selects it. */
export async function rememberDevice(ctx: Context, device: DeviceRef, current: boolean): Promise<string> {
  const name = await ctx.profileName();
  await (await ctx.config()).updateProfile(name, (profile) => withDevice(profile, device, current));
  return name;
}

export interface Forgotten {
  profile: string;
  removed: DeviceRef[];
  wasCurrent: boolean;
}

/** Drops the profile's records that `matches`, and the current device when it was one of them. */
export async function forgetDevices(ctx: Context, matches: (device: DeviceRef) => boolean): Promise<Forgotten> {
  const name = await ctx.profileName();
  const config = await ctx.config();
  const profile = config.profile(name);
  const removed = (profile.devices ?? []).filter(matches);
  const wasCurrent = removed.some((d) => d.appkey === profile.appkey);
  if (removed.length > 0) {
    await config.updateProfile(name, ({ appkey, devices, ...rest }) => ({
      ...rest,
      ...(appkey !== undefined && !wasCurrent ? { appkey } : {}),
      devices: (devices ?? []).filter((d) => !matches(d)),
    }));
  }
  return { profile: name, removed, wasCurrent };
}

/** The profile's record of the device with this id, if it has one. */
export async function recordedDevice(ctx: Context, id: string): Promise<{ device?: DeviceRef; hasCurrent: boolean }> {
  const profile = (await ctx.config()).profile(await ctx.profileName());
  const device = profile.devices?.find((d) => d.id === id);
  return { ...(device ? { device } : {}), hasCurrent: profile.appkey !== undefined && profile.appkey !== '' };
}

/** The profile's device named or identified by `ref`, if it has one. */
export async function deviceByRef(ctx: Context, ref: string): Promise<DeviceRef | undefined> {
  const profile = (await ctx.config()).profile(await ctx.profileName());
  const device = profile.devices?.find((d) => d.name === ref || d.id === ref);
  // Its name is data from here on, also where it stands as the appkey.
  ctx.run.secrets.declareName(device?.name);
  return device;
}

/** The appkey of the profile's device named or identified by `ref`; `ref` itself when the profile has no such device. */
export async function appkeyOf(ctx: Context, ref: string): Promise<string> {
  return (await deviceByRef(ctx, ref))?.appkey ?? ref;
}

/** How to refer to a device in output: its name, also when the name is its appkey (a name people chose is data). */
export function deviceLabel(device: DeviceRef): string {
  return device.name;
}

/** "name (id)". */
export function describeDevice(device: DeviceRef): string {
  return `${device.name} (${device.id})`;
}

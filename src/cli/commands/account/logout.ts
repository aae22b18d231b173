// logout: forgets the profile's keys and devices.
import type { Context } from '../../context.js';

export async function logout(ctx: Context): Promise<void> {
  ctx.refuseDryRun('logout');
  const config = await ctx.config();
  const name = await ctx.profileName();
  await config.updateProfile(name, ({ authkey: _authkey, appkey: _appkey, devices: _devices, ...rest }) => rest);
  ctx.out.result({ status: 200, profile: name }, () => `Logged out of profile "${name}" (keys and devices forgotten)`);
}

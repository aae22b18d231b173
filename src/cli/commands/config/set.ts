// config set: stores a checked setting in the active profile.
import type { Profile } from '../../../config/store.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { configSetCommand } from './set-command.js';
import { appkeyOf } from '../../shared/device-records.js';
import { keySpec, shown } from './keys.js';

export async function configSet(ctx: Context, { args }: InputOf<typeof configSetCommand>): Promise<void> {
  ctx.refuseDryRun('config set');
  const [key, raw] = args;
  const spec = keySpec(key);
  const checked = spec.check(key, raw);
  const value = spec.field === 'appkey' ? await appkeyOf(ctx, checked) : checked;
  const name = await ctx.profileName();
  await (await ctx.config()).updateProfile(name, (profile): Profile => ({ ...profile, [spec.field]: value }));
  ctx.out.result(
    { status: 200, profile: name, key, value: shown(ctx, spec, value) },
    () => `Set ${key} to ${shown(ctx, spec, value)} in profile "${name}"`,
  );
}

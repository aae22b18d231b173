// config unset: removes a setting from the active profile.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { configUnsetCommand } from './unset-command.js';
import { keySpec } from './keys.js';

export async function configUnset(ctx: Context, { args }: InputOf<typeof configUnsetCommand>): Promise<void> {
  ctx.refuseDryRun('config unset');
  const spec = keySpec(args[0]);
  const name = await ctx.profileName();
  await (await ctx.config()).updateProfile(name, ({ [spec.field]: _removed, ...rest }) => rest);
  ctx.out.result({ status: 200, profile: name, key: args[0] }, () => `Unset ${args[0]} in profile "${name}"`);
}

// profile use: makes a profile the active one (a new one only with --create).
import { UsageError } from '../../../errors.js';
import { DEFAULT_PROFILE } from '../../../config/settings.js';
import { unknownProfile, type Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { profileUseCommand } from './use-command.js';
import { profileName } from './profile-name.js';

export async function profileUse(ctx: Context, { args, opts }: InputOf<typeof profileUseCommand>): Promise<void> {
  ctx.refuseDryRun('profile use');
  const name = profileName(args[0]);
  const config = await ctx.config();
  const isNew = !config.hasProfile(name);
  if (isNew && opts.create !== true && name !== DEFAULT_PROFILE) {
    throw new UsageError(unknownProfile(name, '`profile use`', config.profileNames()));
  }
  if (isNew) await config.updateProfile(name, (profile) => profile);
  await config.setActiveProfile(name);
  ctx.out.result(
    { status: 200, profile: name, created: isNew },
    () => `Now using profile "${name}"${isNew ? ' (new: run `chatbot login` or `chatbot register`)' : ''}`,
  );
}

// profile rm: deletes a profile and its stored keys after a confirmation.
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { profileRemoveCommand } from './rm-command.js';
import { profileName } from './profile-name.js';

export async function profileRemove(ctx: Context, { args, opts }: InputOf<typeof profileRemoveCommand>): Promise<void> {
  ctx.refuseDryRun('profile rm');
  const name = profileName(args[0]);
  const config = await ctx.config();
  if (!config.hasProfile(name)) throw new UsageError(`No profile named "${name}" — see \`chatbot profile ls\``);
  if (opts.yes !== true) {
    const sure = await ctx.prompt.confirm('--yes', `Delete profile "${name}" and its stored keys?`);
    if (!sure) throw new UsageError('Not deleted (answered no)');
  }
  await config.removeProfile(name);
  ctx.out.result({ status: 200, profile: name }, () => `Deleted profile "${name}"`);
}

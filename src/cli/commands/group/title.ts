// group title: changes a group's title.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { groupTitleCommand } from './title-command.js';
import { reportDone } from '../../shared/confirmation.js';
import { nonEmpty } from '../../shared/validate.js';
import { groupId } from './reference.js';

export async function groupTitle(ctx: Context, { args }: InputOf<typeof groupTitleCommand>): Promise<void> {
  const id = groupId('<id>', args[0]);
  const title = nonEmpty('<title>', args[1]);
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).renameGroup(keys, { groupId: id, title });
  reportDone(ctx, body, `Title of ${id} changed to "${title}"`);
}

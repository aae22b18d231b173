// group invite: prints a group's invite link.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { groupInviteCommand } from './invite-command.js';
import { groupId } from './reference.js';

/** Prints only the link, so that `link=$(chatbot group invite …)` works. */
export async function groupInvite(ctx: Context, { args }: InputOf<typeof groupInviteCommand>): Promise<void> {
  const id = groupId('<id>', args[0]);
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).groupInvite(keys, id);
  ctx.out.result(body, () => body.convite);
}

// group info|title|invite (E14–E16).
import type { Group } from '../../api/types.js';
import type { Context } from '../context.js';
import type { InputOf } from '../command.js';
import type { groupInfoCommand, groupInviteCommand, groupTitleCommand } from '../commands/group.js';
import { reportDone } from '../shared/confirmation.js';
import { nonEmpty } from '../shared/validate.js';
import { groupId, groupOrInvite } from './group-reference.js';

export async function groupInfo(ctx: Context, { args }: InputOf<typeof groupInfoCommand>): Promise<void> {
  const reference = groupOrInvite('<id|invite>', args[0]);
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).groupInfo(keys, reference);
  ctx.out.result(body, () => describeGroup(ctx, body.grupo));
}

/** Title and id, description, then one line per participant with admins marked. */
export function describeGroup(ctx: Context, group: Group): string[] {
  const participants = group.participantes ?? [];
  return [
    `${ctx.out.style.bold(group.titulo)} (${group.id})`,
    ...(group.descricao ? [`  ${group.descricao}`] : []),
    `Participants (${participants.length}):`,
    ...participants.map((p) => `  ${p.id}${p.admin ? ' (admin)' : ''}`),
  ];
}

export async function groupTitle(ctx: Context, { args }: InputOf<typeof groupTitleCommand>): Promise<void> {
  const id = groupId('<id>', args[0]);
  const title = nonEmpty('<title>', args[1]);
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).setGroupTitle(keys, { groupId: id, title });
  reportDone(ctx, body, `Title of ${id} changed to "${title}"`);
}

/** Prints only the link, so that `link=$(chatbot group invite …)` works. */
export async function groupInvite(ctx: Context, { args }: InputOf<typeof groupInviteCommand>): Promise<void> {
  const id = groupId('<id>', args[0]);
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).groupInvite(keys, id);
  ctx.out.result(body, () => body.convite);
}

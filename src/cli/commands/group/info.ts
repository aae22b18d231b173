// group info: a group's title, description and participants, by id or invite.
import type { Group } from '../../../api/types.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { groupInfoCommand } from './info-command.js';
import { groupOrInvite } from './reference.js';

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

// schedule cancel: a scheduled message is cancelled before it goes out.
import type { InputOf } from '../../command.js';
import type { cancelScheduleCommand } from './cancel-command.js';
import type { Context } from '../../context.js';
import { nonEmpty } from '../../shared/validate.js';
import { doneMark } from '../../../output/marks.js';

export async function cancelSchedule(ctx: Context, { args }: InputOf<typeof cancelScheduleCommand>): Promise<void> {
  const id = nonEmpty('<id>', args[0]).trim();
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).cancelSchedule(keys, id);
  ctx.out.result(body, () => `${doneMark(ctx.out.style)} Schedule ${id} cancelled: it will not go out`);
}

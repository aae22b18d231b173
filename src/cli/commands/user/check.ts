// user check: whether a phone number is on the network (exit 4 when not).
import { ApiError } from '../../../errors.js';
import type { InputOf } from '../../command.js';
import type { userCheckCommand } from './check-command.js';
import type { Context } from '../../context.js';
import { phoneNumber } from '../../shared/validate.js';
import { doneMark } from '../../../output/marks.js';

/** Exit 0 when on the network; a 404-style error (exit 4) when not, so `&&` chains work. */
export async function userCheck(ctx: Context, { args }: InputOf<typeof userCheckCommand>): Promise<void> {
  const phone = phoneNumber('<phone>', args[0]);
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).checkNumber(keys, phone);
  const { jid } = body.message;
  if (jid === null || jid === '') throw new ApiError(404, `${phone} is not on the network`, body);
  ctx.out.result(body, () => `${doneMark(ctx.out.style)} ${phone} is on the network (${jid})`);
}

// user status: a contact's status as the service reports it.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { userStatusCommand } from './status-command.js';
import { phoneNumber } from '../../shared/validate.js';

export async function userStatus(ctx: Context, { args }: InputOf<typeof userStatusCommand>): Promise<void> {
  const phone = phoneNumber('<phone>', args[0]);
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).userStatus(keys, phone);
  ctx.out.result(body, () => `${phone}: ${body.userStatus}`);
}

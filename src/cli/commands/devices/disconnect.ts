// devices disconnect: the device leaves its phone and stays in the account.
import type { InputOf } from '../../command.js';
import type { disconnectDeviceCommand } from './disconnect-command.js';
import type { Context } from '../../context.js';
import { reportDone } from '../../shared/confirmation.js';
import { nonEmpty } from '../../shared/validate.js';

export async function disconnectDevice(ctx: Context, { args }: InputOf<typeof disconnectDeviceCommand>): Promise<void> {
  const reference = nonEmpty('<id|name>', args[0]).trim();
  const authkey = await ctx.authkey();
  const body = await (await ctx.api()).disconnectDevice(authkey, reference);
  reportDone(
    ctx,
    body,
    `Device ${reference} disconnected (pair it again with \`chatbot pair --name …\` or \`chatbot devices link ${reference}\`)`,
  );
}

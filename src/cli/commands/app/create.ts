// app create: another appkey for a device, masked unless --reveal.
import { maskSecret } from '../../../secrets.js';
import type { InputOf } from '../../command.js';
import type { createAppCommand } from './create-command.js';
import type { Context } from '../../context.js';
import { nonEmpty } from '../../shared/validate.js';
import { doneMark } from '../../../output/marks.js';

export async function createApp(ctx: Context, { opts }: InputOf<typeof createAppCommand>): Promise<void> {
  const device = nonEmpty('--device', opts.device).trim();
  const name = nonEmpty('--name', opts.name).trim();
  const authkey = await ctx.authkey();
  const body = await (await ctx.api()).createApp(authkey, { device, name });
  const appkey = body.appkey;
  const reveal = opts.reveal === true;
  ctx.out.result(
    body,
    () => [
      `${doneMark(ctx.out.style)} App "${name}" created for device ${device}`,
      `  appkey  ${reveal ? appkey : `${maskSecret(appkey)} (--reveal prints it whole)`}`,
    ],
    { reveal },
  );
}

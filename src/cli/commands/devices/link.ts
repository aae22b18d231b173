// devices link: a shareable link to the device's pairing page.
import { MalformedResponse } from '../../../errors.js';
import type { InputOf } from '../../command.js';
import type { linkDeviceCommand } from './link-command.js';
import type { Context } from '../../context.js';
import { nonEmpty } from '../../shared/validate.js';

function linkOf(body: { link?: unknown; message?: unknown }): string | undefined {
  for (const candidate of [body.link, body.message]) {
    if (typeof candidate === 'string' && /^https?:\/\/\S+$/.test(candidate)) return candidate;
  }
  return undefined;
}

export async function linkDevice(ctx: Context, { args }: InputOf<typeof linkDeviceCommand>): Promise<void> {
  const reference = nonEmpty('<id|name>', args[0]).trim();
  const authkey = await ctx.authkey();
  const body = await (await ctx.api()).pairingLink(authkey, reference);
  const link = linkOf(body);
  if (link === undefined) throw new MalformedResponse(200, 'The service answered GerenciarLinks without a link');
  ctx.out.result({ ...body, link }, () => link);
}

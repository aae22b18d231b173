// devices disconnect and devices link (extensions of the live service).
import { MalformedResponse } from '../../errors.js';
import type { InputOf } from '../command.js';
import type { disconnectDeviceCommand, linkDeviceCommand } from '../commands/devices.js';
import type { Context } from '../context.js';
import { reportSent } from '../sent.js';
import { nonEmpty } from '../validate.js';

export async function disconnectDevice(ctx: Context, { args }: InputOf<typeof disconnectDeviceCommand>): Promise<void> {
  const reference = nonEmpty('<id|name>', args[0]).trim();
  const authkey = await ctx.authkey();
  const body = await (await ctx.api()).disconnectDevice(authkey, reference);
  reportSent(
    ctx,
    body,
    `Device ${reference} disconnected (pair it again with \`chatbot pair --name …\` or \`chatbot devices link ${reference}\`)`,
  );
}

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

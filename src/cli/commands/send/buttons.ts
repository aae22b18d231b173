// send buttons: a message with reply, link or call buttons.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { sendButtonsCommand } from './buttons-command.js';
import { reportDone } from '../../shared/confirmation.js';
import { parseButtons } from './button-specs.js';
import { messageOf, recipientOf } from '../../shared/inputs.js';

export async function sendButtons(ctx: Context, { opts }: InputOf<typeof sendButtonsCommand>): Promise<void> {
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const message = await messageOf(ctx, opts);
  const buttons = parseButtons(opts.button ?? []);
  const { header, footer } = opts;
  const body = await (await ctx.api()).sendButtons(keys, { to, message, buttons, header, footer });
  reportDone(ctx, body, `Message with ${buttons.length} button(s) sent to ${to}`);
}

// about set: the device's "about" text.
import type { InputOf } from '../../command.js';
import type { setAboutCommand } from './set-command.js';
import type { Context } from '../../context.js';
import { textOrStdin } from '../../shared/inputs.js';
import { reportDone } from '../../shared/confirmation.js';

export async function setAbout(ctx: Context, { args }: InputOf<typeof setAboutCommand>): Promise<void> {
  const text = await textOrStdin(ctx, '<text>', args[0]);
  const keys = await ctx.deviceKeys();
  const body = await (await ctx.api()).setAbout(keys, text);
  reportDone(ctx, body, 'About text changed');
}

// send story: a text, image or video status.
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { postStoryCommand } from './story-command.js';
import { reportDone } from '../../shared/confirmation.js';
import { colour } from './fields.js';
import { optionalMessageOf } from '../../shared/inputs.js';
import { httpUrl } from '../../shared/validate.js';

export async function postStory(ctx: Context, { opts }: InputOf<typeof postStoryCommand>): Promise<void> {
  const keys = await ctx.deviceKeys();
  const message = await optionalMessageOf(ctx, opts);
  const fileGiven = opts.file;
  const file = fileGiven === undefined ? undefined : httpUrl('--file', fileGiven.trim());
  const backgroundGiven = opts.background;
  const backgroundColor = backgroundGiven === undefined ? undefined : colour('--background', backgroundGiven);
  if (message === undefined && file === undefined) {
    throw new UsageError('A status needs --message (a text status), --file (an image or video URL), or both');
  }
  if (file !== undefined && backgroundColor !== undefined) {
    ctx.out.warn('--background colours text statuses only; with --file it is sent but may be ignored');
  }
  const body = await (await ctx.api()).postStory(keys, { message, file, backgroundColor });
  reportDone(ctx, body, file === undefined ? 'Text status posted' : 'Media status posted');
}

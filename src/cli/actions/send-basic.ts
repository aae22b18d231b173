// send text (E12), send story (E4), send location (E7), send react (E9).
import { UsageError } from '../../errors.js';
import type { Context } from '../context.js';
import type { InputOf } from '../command.js';
import type { postStoryCommand, sendLocationCommand, sendReactionCommand, sendTextCommand } from '../commands/send.js';
import { reportDone } from '../shared/confirmation.js';
import { colour, latitude, longitude, singleEmoji } from '../send/fields.js';
import { messageOf, optionalMessageOf, recipientOf, requiredTrimmed, valueOrPrompt } from '../shared/inputs.js';
import { httpUrl } from '../shared/validate.js';
import { refuseBatchFlags } from '../batch/options.js';

export async function sendText(ctx: Context, { opts }: InputOf<typeof sendTextCommand>): Promise<void> {
  if (opts.batch !== undefined) return (await import('./send-batch.js')).sendBatch(ctx, opts, 'text');
  refuseBatchFlags(opts);
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const message = await messageOf(ctx, opts);
  const body = await (await ctx.api()).sendText(keys, { to, message });
  reportDone(ctx, body, `Text sent to ${to}`);
}

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

export async function sendLocation(ctx: Context, { opts }: InputOf<typeof sendLocationCommand>): Promise<void> {
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const lat = latitude(await valueOrPrompt(ctx, opts, 'lat', '--lat', 'Latitude (-90 to 90)'));
  const lng = longitude(await valueOrPrompt(ctx, opts, 'lng', '--lng', 'Longitude (-180 to 180)'));
  const message = await optionalMessageOf(ctx, opts);
  const body = await (await ctx.api()).sendLocation(keys, { to, latitude: lat, longitude: lng, message });
  reportDone(ctx, body, `Location ${lat}, ${lng} sent to ${to}`);
}

/** `--emoji E` or `--remove` (sent as the service's `remove`), never both. */
async function reactionOf(ctx: Context, opts: InputOf<typeof sendReactionCommand>['opts']): Promise<string> {
  const { emoji } = opts;
  if (emoji !== undefined && opts.remove) throw new UsageError('Give either --emoji or --remove, not both');
  if (opts.remove) return 'remove';
  return singleEmoji('--emoji', await valueOrPrompt(ctx, opts, 'emoji', '--emoji', 'Emoji (or use --remove)'));
}

export async function sendReaction(ctx: Context, { opts }: InputOf<typeof sendReactionCommand>): Promise<void> {
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const messageId = await requiredTrimmed(ctx, opts, 'id', '--id', 'ID of the message to react to');
  const reaction = await reactionOf(ctx, opts);
  const body = await (await ctx.api()).react(keys, { to, messageId, reaction });
  reportDone(
    ctx,
    body,
    reaction === 'remove'
      ? `Reaction removed from message ${messageId}`
      : `Reaction ${reaction} sent to message ${messageId} of ${to}`,
  );
}

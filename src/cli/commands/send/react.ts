// send react: an emoji on a message, or the reaction removed.
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { sendReactionCommand } from './react-command.js';
import { reportDone } from '../../shared/confirmation.js';
import { singleEmoji } from './fields.js';
import { recipientOf, requiredTrimmed, valueOrPrompt } from '../../shared/inputs.js';

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
  const body = await (await ctx.api()).sendReaction(keys, { to, messageId, reaction });
  reportDone(
    ctx,
    body,
    reaction === 'remove'
      ? `Reaction removed from message ${messageId}`
      : `Reaction ${reaction} sent to message ${messageId} of ${to}`,
  );
}

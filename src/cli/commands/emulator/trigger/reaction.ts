// emulator trigger reaction: a contact reacts to a message.
import type { Context } from '../../../context.js';
import type { InputOf } from '../../../command.js';
import type { triggerReactionCommand } from './reaction-command.js';
import { nonEmpty } from '../../../shared/validate.js';
import { messageId, trigger } from './event.js';

export async function triggerReaction(ctx: Context, { opts }: InputOf<typeof triggerReactionCommand>): Promise<void> {
  await trigger(ctx, opts, 'reaction', 'Reaction', () => ({
    idMensagem: messageId(opts.messageId),
    emoji: nonEmpty('--emoji', opts.emoji).trim(),
  }));
}

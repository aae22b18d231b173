// emulator trigger poll-vote: a contact votes on a poll.
import type { Context } from '../../../context.js';
import type { InputOf } from '../../../command.js';
import type { triggerPollVoteCommand } from './poll-vote-command.js';
import { nonEmpty } from '../../../shared/validate.js';
import { messageId, trigger } from './event.js';

export async function triggerPollVote(ctx: Context, { opts }: InputOf<typeof triggerPollVoteCommand>): Promise<void> {
  await trigger(ctx, opts, 'poll_vote', 'Poll vote', () => ({
    idMensagem: messageId(opts.messageId),
    opcoes: opts.option.map((v) => nonEmpty('--option', v).trim()),
  }));
}

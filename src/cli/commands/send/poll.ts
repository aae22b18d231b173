// send poll: a question with 2 to 12 distinct options.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { sendPollCommand } from './poll-command.js';
import { reportDone } from '../../shared/confirmation.js';
import { pollOptions } from './fields.js';
import { recipientOf, textOrStdin, valueOrPrompt } from '../../shared/inputs.js';

export async function sendPoll(ctx: Context, { opts }: InputOf<typeof sendPollCommand>): Promise<void> {
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const rawQuestion = await valueOrPrompt(ctx, opts, 'question', '--question', 'Question');
  const question = await textOrStdin(ctx, '--question', rawQuestion);
  const options = pollOptions('--option', opts.option ?? []);
  const multiple = opts.multiple;
  const body = await (await ctx.api()).sendPoll(keys, { to, question, options, multiple });
  reportDone(
    ctx,
    body,
    `Poll with ${options.length} options sent to ${to}${multiple ? ' (several choices allowed)' : ''}`,
  );
}

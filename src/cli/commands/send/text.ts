// send text: one text message, or one per row of a file with --batch.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { sendTextCommand } from './text-command.js';
import { reportDone } from '../../shared/confirmation.js';
import { messageOf, recipientOf } from '../../shared/inputs.js';
import { refuseBatchFlags } from './batch/options.js';

export async function sendText(ctx: Context, { opts }: InputOf<typeof sendTextCommand>): Promise<void> {
  if (opts.batch !== undefined) return (await import('./batch/send-batch.js')).sendBatch(ctx, opts, 'text');
  refuseBatchFlags(opts);
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const message = await messageOf(ctx, opts);
  const body = await (await ctx.api()).sendText(keys, { to, message });
  reportDone(ctx, body, `Text sent to ${to}`);
}

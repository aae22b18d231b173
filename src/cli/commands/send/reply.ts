// send reply: a reply quoting a message.
import type { InputOf } from '../../command.js';
import type { sendReplyCommand } from './reply-command.js';
import type { Context } from '../../context.js';
import { messageOf, recipientOf, requiredTrimmed, textOrStdin } from '../../shared/inputs.js';
import { reportDone } from '../../shared/confirmation.js';

/** The service's `tipoMensagem` of each `--kind`. */
const KIND_TYPES = {
  conversation: 'conversation',
  image: 'imageMessage',
  video: 'videoMessage',
  document: 'documentMessage',
  poll: 'pollCreationUpdate',
} as const;

export async function sendReply(ctx: Context, { opts }: InputOf<typeof sendReplyCommand>): Promise<void> {
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const messageId = await requiredTrimmed(ctx, opts, 'id', '--id', 'Id of the message replied to');
  const message = await messageOf(ctx, opts, 'Reply');
  const kind = opts.kind ?? 'conversation';
  const quote = opts.quote === undefined ? undefined : await textOrStdin(ctx, '--quote', opts.quote);
  const body = await (await ctx.api()).sendReply(keys, { to, messageId, message, quote, kind: KIND_TYPES[kind] });
  reportDone(ctx, body, `Reply to ${messageId} sent to ${to}`);
}

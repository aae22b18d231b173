// send media and send reply (extensions of the live service).
import { UsageError } from '../../errors.js';
import { refuseBatchFlags } from '../batch/options.js';
import type { InputOf } from '../command.js';
import type { sendMediaCommand, sendReplyCommand } from '../commands/send-extensions.js';
import type { Context } from '../context.js';
import { mediaFile } from '../send/media-file.js';
import { messageOf, recipientOf, requiredTrimmed, textOrStdin } from '../shared/inputs.js';
import { reportDone } from '../shared/confirmation.js';

export async function sendMedia(ctx: Context, { opts }: InputOf<typeof sendMediaCommand>): Promise<void> {
  if (opts.batch !== undefined) {
    if (opts.file !== undefined || opts.filename !== undefined) {
      throw new UsageError(
        '--file and --filename do not apply with --batch: each row gives them in its "file" and "filename" columns',
      );
    }
    return (await import('./send-batch.js')).sendBatch(ctx, opts, 'media');
  }
  refuseBatchFlags(opts);
  const keys = await ctx.deviceKeys();
  const to = await recipientOf(ctx, opts);
  const fileName = opts.filename?.trim() || undefined;
  const media = await mediaFile(
    await requiredTrimmed(ctx, opts, 'file', '--file', 'File (http(s) URL or path)'),
    fileName,
  );
  const caption = opts.caption === undefined ? undefined : await textOrStdin(ctx, '--caption', opts.caption);
  const body = await (await ctx.api()).sendMedia(keys, { to, file: media.file, fileName: media.fileName, caption });
  reportDone(ctx, body, `Media ${media.fileName} sent to ${to}`);
}

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

// send media: a file by URL or a local file sent inline, or one per row of a file with --batch.
import { UsageError } from '../../../errors.js';
import { refuseBatchFlags } from './batch/options.js';
import type { InputOf } from '../../command.js';
import type { sendMediaCommand } from './media-command.js';
import type { Context } from '../../context.js';
import { mediaFile } from './media-file.js';
import { recipientOf, requiredTrimmed, textOrStdin } from '../../shared/inputs.js';
import { reportDone } from '../../shared/confirmation.js';

export async function sendMedia(ctx: Context, { opts }: InputOf<typeof sendMediaCommand>): Promise<void> {
  if (opts.batch !== undefined) {
    if (opts.file !== undefined || opts.filename !== undefined) {
      throw new UsageError(
        '--file and --filename do not apply with --batch: each row gives them in its "file" and "filename" columns',
      );
    }
    return (await import('./batch/send-batch.js')).sendBatch(ctx, opts, 'media');
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

// emulator trigger media: a contact sends a file by URL.
import type { Context } from '../../../context.js';
import type { InputOf } from '../../../command.js';
import type { triggerMediaCommand } from './media-command.js';
import { httpUrl, nonEmpty } from '../../../shared/validate.js';
import { trigger } from './event.js';

export async function triggerMedia(ctx: Context, { opts }: InputOf<typeof triggerMediaCommand>): Promise<void> {
  await trigger(ctx, opts, 'media', 'File', () => ({
    url: httpUrl('--url', opts.url.trim()),
    ...(opts.caption === undefined ? {} : { mensagem: opts.caption }),
    ...(opts.filename === undefined ? {} : { nomeArquivo: nonEmpty('--filename', opts.filename).trim() }),
    ...(opts.type === undefined ? {} : { tipoMidia: opts.type }),
  }));
}

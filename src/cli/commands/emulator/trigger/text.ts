// emulator trigger text: a contact writes to the device.
import type { Context } from '../../../context.js';
import type { InputOf } from '../../../command.js';
import type { triggerTextCommand } from './text-command.js';
import { nonEmpty } from '../../../shared/validate.js';
import { trigger } from './event.js';

export async function triggerText(ctx: Context, { opts }: InputOf<typeof triggerTextCommand>): Promise<void> {
  await trigger(ctx, opts, 'text', 'Text', () => ({ mensagem: nonEmpty('--message', opts.message) }));
}

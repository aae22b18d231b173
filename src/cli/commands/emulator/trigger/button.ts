// emulator trigger button: a contact clicks a reply button (without --message-id, the emulator picks the latest
// message sent to them with that button).
import type { Context } from '../../../context.js';
import type { InputOf } from '../../../command.js';
import type { triggerButtonCommand } from './button-command.js';
import { nonEmpty } from '../../../shared/validate.js';
import { messageId, trigger } from './event.js';

export async function triggerButton(ctx: Context, { opts }: InputOf<typeof triggerButtonCommand>): Promise<void> {
  await trigger(ctx, opts, 'button', 'Button click', () => ({
    ...(opts.messageId === undefined ? {} : { idMensagem: messageId(opts.messageId) }),
    opcao: nonEmpty('--option', opts.option).trim(),
  }));
}

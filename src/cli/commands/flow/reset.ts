// flow reset: restarts the chatbot flow's conversation with a contact, or with everyone after a confirmation.
import { UsageError } from '../../../errors.js';
import type { InputOf } from '../../command.js';
import type { resetFlowCommand } from './reset-command.js';
import type { Context } from '../../context.js';
import { reportDone } from '../../shared/confirmation.js';
import { phoneNumber } from '../../shared/validate.js';

async function confirmedAll(ctx: Context, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (!ctx.prompt.interactive) {
    throw new UsageError(
      'Resetting every conversation needs confirmation: pass --yes (no prompt here: not a terminal, CI is set, or --no-input)',
    );
  }
  return ctx.prompt.confirm('--yes', 'Restart the flow for every contact of the device?');
}

export async function resetFlow(ctx: Context, { args, opts }: InputOf<typeof resetFlowCommand>): Promise<void> {
  const given = args[0];
  if ((given === undefined) === (opts.all !== true)) throw new UsageError('Give a phone number or --all (not both)');
  const target = given === undefined ? 'todos' : phoneNumber('[phone]', given);
  const keys = await ctx.deviceKeys();
  if (target === 'todos' && !(await confirmedAll(ctx, opts.yes === true))) {
    ctx.out.info('Nothing reset.');
    return;
  }
  const body = await (await ctx.api()).resetFlow(keys, target);
  reportDone(ctx, body, target === 'todos' ? 'Flow restarted for every contact' : `Flow restarted for ${target}`);
}

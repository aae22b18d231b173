// devices rm (deleteDevice): deletes a device from the account (asks first), and forgets it in the profile.
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { removeDeviceCommand } from './rm-command.js';
import { reportDone } from '../../shared/confirmation.js';
import { nonEmpty } from '../../shared/validate.js';
import { describeDevice, forgetDevices } from '../../shared/device-records.js';

/** True to go ahead: --yes, or a "yes" at the prompt; without a terminal --yes is required. */
async function confirmed(ctx: Context, reference: string, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (!ctx.prompt.interactive) {
    throw new UsageError(
      `Deleting device "${reference}" needs confirmation: pass --yes (no prompt here: not a terminal, CI is set, or --no-input)`,
    );
  }
  return ctx.prompt.confirm('--yes', `Delete device "${reference}" from the account? Its appkey stops working.`);
}

export async function removeDevice(ctx: Context, { args, opts }: InputOf<typeof removeDeviceCommand>): Promise<void> {
  const reference = nonEmpty('<id|name>', args[0]).trim();
  const authkey = await ctx.authkey();
  if (!(await confirmed(ctx, reference, opts.yes === true))) {
    ctx.out.info('Nothing deleted.');
    return;
  }
  const response = await (await ctx.api()).deleteDevice(authkey, reference);
  const forgotten = await forgetDevices(
    ctx,
    (d) => d.id === reference || d.name === reference || d.appkey === reference,
  );
  const removed = forgotten.removed[0];
  reportDone(ctx, response, `Device ${removed ? describeDevice(removed) : reference} deleted`);
  if (forgotten.wasCurrent) {
    ctx.out.info(`It was the current device of profile "${forgotten.profile}": pair another with \`chatbot pair\`.`);
  } else if (forgotten.removed.length > 0) {
    ctx.out.info(`Removed it from profile "${forgotten.profile}".`);
  }
}

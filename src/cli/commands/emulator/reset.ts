// emulator reset: erases the emulator's state after a confirmation.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { emulatorResetCommand } from './reset-command.js';
import { emulatorControl } from './control-client.js';
import { checkMark } from './check-mark.js';

export async function emulatorReset(ctx: Context, { opts }: InputOf<typeof emulatorResetCommand>): Promise<void> {
  if (!opts.yes && !(await ctx.prompt.confirm('--yes', 'Erase every account, device and message in the emulator?'))) {
    ctx.out.info('Nothing was erased.');
    return;
  }
  const body = await (await emulatorControl(ctx)).reset();
  ctx.out.result(body, () => `${checkMark(ctx)} Emulator state erased`);
}

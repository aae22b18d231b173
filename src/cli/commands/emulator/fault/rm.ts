// emulator fault rm: removes one fault rule.
import type { InputOf } from '../../../command.js';
import type { faultRemoveCommand } from './rm-command.js';
import type { Context } from '../../../context.js';
import { nonEmpty } from '../../../shared/validate.js';
import { emulatorControl } from '../control-client.js';
import { checkMark } from '../check-mark.js';

export async function faultRemove(ctx: Context, { args }: InputOf<typeof faultRemoveCommand>): Promise<void> {
  const id = nonEmpty('<id>', args[0]);
  const body = await (await emulatorControl(ctx)).removeFault({ id });
  ctx.out.result(body, () => `${checkMark(ctx)} Fault rule ${id} removed`);
}

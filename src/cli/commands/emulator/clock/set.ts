// emulator clock set: puts the emulator's clock at an instant.
import type { InputOf } from '../../../command.js';
import type { clockSetCommand } from './set-command.js';
import type { Context } from '../../../context.js';
import { emulatorControl } from '../control-client.js';
import { checkMark } from '../check-mark.js';
import { instant } from '../instant.js';

export async function clockSet(ctx: Context, { args }: InputOf<typeof clockSetCommand>): Promise<void> {
  const body = await (await emulatorControl(ctx)).setClock({ at: instant(args[0]) });
  ctx.out.result(body, () => `${checkMark(ctx)} Emulator time is now ${body.agora}`);
}

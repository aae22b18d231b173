// emulator clock reset: the emulator's clock back to real time.
import type { Context } from '../../../context.js';
import { emulatorControl } from '../control-client.js';
import { checkMark } from '../check-mark.js';

export async function clockReset(ctx: Context): Promise<void> {
  const body = await (await emulatorControl(ctx)).resetClock();
  ctx.out.result(body, () => `${checkMark(ctx)} Emulator time is real time again (${body.agora})`);
}

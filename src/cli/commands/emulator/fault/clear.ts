// emulator fault clear: removes every fault rule.
import type { Context } from '../../../context.js';
import { emulatorControl } from '../control-client.js';
import { checkMark } from '../check-mark.js';

export async function faultClear(ctx: Context): Promise<void> {
  const body = await (await emulatorControl(ctx)).clearFaults();
  ctx.out.result(body, () => `${checkMark(ctx)} Every fault rule removed`);
}

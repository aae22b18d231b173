// emulator disconnect: a device goes offline, as if its phone had.
import { maskSecret } from '../../../secrets.js';
import type { InputOf } from '../../command.js';
import type { disconnectCommand } from './disconnect-command.js';
import type { Context } from '../../context.js';
import { nonEmpty } from '../../shared/validate.js';
import { deviceByRef, deviceLabel } from '../../shared/device-records.js';
import { emulatorControl } from './control-client.js';
import { checkMark } from './check-mark.js';

export async function emulatorDisconnect(ctx: Context, { args }: InputOf<typeof disconnectCommand>): Promise<void> {
  const ref = nonEmpty('<device>', args[0]).trim();
  const known = await deviceByRef(ctx, ref);
  const body = await (await emulatorControl(ctx)).disconnect({ appkey: known?.appkey ?? ref });
  ctx.out.result(body, () => `${checkMark(ctx)} Device ${known ? deviceLabel(known) : maskSecret(ref)} disconnected`);
}

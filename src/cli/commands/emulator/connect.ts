// emulator connect: completes a device's pairing, as if its phone had scanned the code.
import { maskSecret } from '../../../secrets.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { emulatorConnectCommand } from './connect-command.js';
import { nonEmpty, phoneNumber } from '../../shared/validate.js';
import { emulatorControl } from './control-client.js';
import { deviceByRef, deviceLabel } from '../../shared/device-records.js';
import { checkMark } from './check-mark.js';

export async function emulatorConnect(
  ctx: Context,
  { args, opts }: InputOf<typeof emulatorConnectCommand>,
): Promise<void> {
  const ref = nonEmpty('<device>', args[0]).trim();
  const phone = opts.phone === undefined ? undefined : phoneNumber('--phone', opts.phone);
  const known = await deviceByRef(ctx, ref);
  const body = await (
    await emulatorControl(ctx)
  ).connect({
    appkey: known?.appkey ?? ref,
    ...(phone === undefined ? {} : { telefone: phone }),
  });
  const as = phone === undefined ? '' : ` as +${phone}`;
  ctx.out.result(body, () => `${checkMark(ctx)} Device ${known ? deviceLabel(known) : maskSecret(ref)} connected${as}`);
}

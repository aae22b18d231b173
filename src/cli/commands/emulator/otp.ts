// emulator otp: issues a one-time code and prints it.
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { emulatorOtpCommand } from './otp-command.js';
import { phoneNumber } from '../../shared/validate.js';
import { controlAppkey, emulatorControl } from './control-client.js';

/** Prints only the code, so that `code=$(chatbot emulator otp --to …)` works. */
export async function emulatorOtp(ctx: Context, { opts }: InputOf<typeof emulatorOtpCommand>): Promise<void> {
  const to = phoneNumber('--to', opts.to);
  const appkey = await controlAppkey(ctx);
  const body = await (await emulatorControl(ctx)).issueOtp({ appkey, to });
  ctx.out.result(body, () => body.code);
}

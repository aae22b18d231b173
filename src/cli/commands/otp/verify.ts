// otp verify (verifyOtp): exit 0 when the code is valid, 3 when it is invalid, expired or already used.
import { ApiError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { verifyOtpCommand } from './verify-command.js';
import { requiredTrimmed, valueOrPrompt } from '../../shared/inputs.js';
import { phoneNumber } from '../../shared/validate.js';
import { doneMark } from '../../../output/marks.js';

/**
 * The service's 401 with `valid: false` is a rejected code, not a bad key: say so to people, keep its text and exit
 * code; under --json the service's message stays as it is.
 */
function explained(ctx: Context, error: unknown, to: string): unknown {
  if (ctx.out.json || !(error instanceof ApiError) || error.status !== 401) return error;
  const body = error.body as { valid?: unknown } | undefined;
  if (body?.valid !== false) return error;
  return new ApiError(401, `Code rejected for +${to}: ${error.message}`, error.body);
}

export async function verifyOtp(ctx: Context, { opts }: InputOf<typeof verifyOtpCommand>): Promise<void> {
  const keys = await ctx.deviceKeys();
  const to = phoneNumber('--to', await valueOrPrompt(ctx, opts, 'to', '--to', 'Phone number the code was sent to'));
  const code = await requiredTrimmed(ctx, opts, 'code', '--code', 'Code');
  const api = await ctx.api();
  let body;
  try {
    body = await api.verifyOtp(keys, { to, code });
  } catch (error) {
    throw explained(ctx, error, to);
  }
  if (!body.valid)
    throw explained(
      ctx,
      new ApiError(401, `${body.message ?? 'OTP inválido ou expirado.'} (invalid or expired code)`, body),
      to,
    );
  ctx.out.result(body, () => `${doneMark(ctx.out.style)} Code valid for +${to}`);
}

// verifyOtp: checks a code issued through the control API; a code verifies once, for its device and number, before
// it expires.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../../http/reply.js';
import { validationError } from '../../rules/service-errors.js';
import { requiredScalar, type Fields } from '../../rules/fields.js';
import { normalizePhone } from '../../rules/recipients.js';
import type { Store } from '../../store/db.js';
import { authorizeDevice, requireAll, requireFlag } from '../access.js';
import { fieldProblem, notA } from '../../rules/reasons.js';

export const OTP_INVALID = 'OTP inválido ou expirado.';

/** Consumes the matching live code; false when there is none. */
export function consumeOtp(store: Store, deviceId: string, numero: string, code: string, now: number): boolean {
  return store.tx(() => {
    const row = store
      .sql(
        'SELECT id FROM otps WHERE device_id = ? AND numero = ? AND code = ? AND used = 0 AND expires_at > ? ORDER BY id DESC LIMIT 1',
      )
      .get(deviceId, numero, code, now) as { id: number } | undefined;
    if (!row) return false;
    store.sql('UPDATE otps SET used = 1 WHERE id = ?').run(row.id);
    return true;
  });
}

export function verifyOtp(store: Store, fields: Fields, ctx: Ctx): Reply {
  const { to } = requireAll(fields, ['to']);
  const numero = normalizePhone(to);
  requireFlag(fields, 'message', false);
  const code = requiredScalar(fields, 'verificarOTP');
  if (!numero || !code)
    throw validationError(numero ? fieldProblem(fields, 'verificarOTP') : notA(fields, 'to', 'a phone number'));
  const { device } = authorizeDevice(store, fields, ctx);
  if (!consumeOtp(store, device.id, numero, code, ctx.now()))
    throw new EmulatorError(401, OTP_INVALID, { valid: false }).because(
      'verificarOTP is not the code last sent to this number, or it expired or was used',
    );
  return { status: 200, message: 'OTP válido.', valid: true };
}

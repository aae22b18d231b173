// cancelSchedule (real service only): `cancelarAgendamento` — a pending schedule of the appkey's device never goes
// out.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../../http/reply.js';
import type { Fields } from '../../rules/fields.js';
import type { Store } from '../../store/db.js';
import { authorizeDevice, requireAll, requireFlag } from '../access.js';
import { deviceLabel, quoted } from '../../rules/reasons.js';

export const SCHEDULE_NOT_FOUND = 'Agendamento não encontrado ou já enviado.';

export function cancelSchedule(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'cancelarAgendamento', true);
  const { message: id } = requireAll(fields, ['message']);
  const { device } = authorizeDevice(store, fields, ctx);
  const cancelled = store.tx(
    () =>
      store
        .sql("UPDATE schedules SET state = 'cancelled' WHERE id = ? AND device_id = ? AND state = 'pending'")
        .run(id, device.id).changes,
  );
  if (cancelled === 0)
    throw new EmulatorError(404, SCHEDULE_NOT_FOUND).because(
      `no pending schedule ${quoted(id)} on ${deviceLabel(device)}`,
    );
  return { status: 200, message: 'Agendamento cancelado com sucesso.', id };
}

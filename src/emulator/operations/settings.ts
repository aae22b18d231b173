// E17 user status, E18 device name, E19 webhook switches.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../http/reply.js';
import { NO_DEVICE, validationError } from '../rules/service-errors.js';
import { flag, type Fields } from '../rules/fields.js';
import { normalizePhone } from '../rules/recipients.js';
import type { Store } from '../store/db.js';
import { setDeviceName, setWebhookSwitch } from '../store/devices.js';
import { authorizeDevice, requireAll, requireFlag } from './access.js';

export const ONLINE_WINDOW_MS = 5 * 60_000;
export const MAX_NAME_LENGTH = 100;

/** `online` when the contact wrote to the device (control API inbound) in the last 5 minutes, else `offline`. */
export function userStatus(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'obterStatus', true);
  requireFlag(fields, 'message', false);
  const { to } = requireAll(fields, ['to']);
  const numero = normalizePhone(to);
  if (!numero) throw validationError();
  const { device } = authorizeDevice(store, fields, ctx);
  const recent = store
    .sql('SELECT 1 FROM inbox WHERE device_id = ? AND remetente = ? AND received_at >= ? LIMIT 1')
    .get(device.id, numero, ctx.now() - ONLINE_WINDOW_MS);
  return { status: 200, message: 'Status obtido com sucesso.', userStatus: recent ? 'online' : 'offline' };
}

export function renameDevice(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'altereNome', true);
  const { message: nome } = requireAll(fields, ['message']);
  if (nome.length > MAX_NAME_LENGTH) throw validationError();
  const { device } = authorizeDevice(store, fields, ctx);
  store.tx(() => setDeviceName(store, device.id, nome));
  return { status: 200, message: 'Nome alterado com sucesso.' };
}

/** `message` must name the appkey's own device (its id, name or appkey); any other device is 404. */
export function switchWebhook(store: Store, fields: Fields, ctx: Ctx): Reply {
  const { type, message } = requireAll(fields, ['type', 'message']);
  const enabled = flag(fields, 'statusWebhook');
  if ((type !== 'chat' && type !== 'grupo') || enabled === undefined) throw validationError();
  const { device } = authorizeDevice(store, fields, ctx);
  if (![device.id, device.nome, device.appkey].includes(message)) throw new EmulatorError(404, NO_DEVICE);
  store.tx(() => setWebhookSwitch(store, device.id, type, enabled));
  return { status: 200, message: 'Sucesso' };
}

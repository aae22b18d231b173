// The appkey's own device: its name, its "about" text, and which webhook events it wants.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../../http/reply.js';
import { flag, own, type Fields } from '../../rules/fields.js';
import { NO_DEVICE, validationError } from '../../rules/service-errors.js';
import type { Store } from '../../store/db.js';
import { setDeviceName, setWebhookSwitch } from '../../store/devices.js';
import { authorizeDevice, requireAll, requireFlag, requireText } from '../access.js';
import { deviceLabel, quoted } from '../../rules/reasons.js';

export const MAX_NAME_LENGTH = 100;
export const MAX_ABOUT_LENGTH = 139;

export function renameDevice(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'altereNome', true);
  const { message: nome } = requireAll(fields, ['message']);
  if (nome.length > MAX_NAME_LENGTH)
    throw validationError(`message has ${nome.length} characters; the limit is ${MAX_NAME_LENGTH}`);
  const { device } = authorizeDevice(store, fields, ctx);
  store.tx(() => setDeviceName(store, device.id, nome));
  return { status: 200, message: 'Nome alterado com sucesso.' };
}

/** `editeStatus`: the device's "about" text (`recado`). */
export function editAbout(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'editeStatus', true);
  const recado = requireText(fields, 'message');
  if (recado.length > MAX_ABOUT_LENGTH)
    throw validationError(`message has ${recado.length} characters; the limit is ${MAX_ABOUT_LENGTH}`);
  const { device } = authorizeDevice(store, fields, ctx);
  store.tx(() => store.sql('UPDATE devices SET recado = ? WHERE id = ?').run(recado, device.id));
  return { status: 200, message: 'Recado atualizado com sucesso!' };
}

/** `message` must name the appkey's own device (its id, name or appkey); any other device is 404. */
export function switchWebhook(store: Store, fields: Fields, ctx: Ctx): Reply {
  const { type, message } = requireAll(fields, ['type', 'message']);
  const enabled = flag(fields, 'statusWebhook');
  if (type !== 'chat' && type !== 'grupo') throw validationError(`type ${quoted(type)} is not chat or grupo`);
  if (enabled === undefined)
    throw validationError(`statusWebhook must be true or false, got ${quoted(own(fields, 'statusWebhook'))}`);
  const { device } = authorizeDevice(store, fields, ctx);
  if (![device.id, device.nome, device.appkey].includes(message))
    throw new EmulatorError(404, NO_DEVICE).because(`message must name this appkey's ${deviceLabel(device)}`);
  store.tx(() => setWebhookSwitch(store, device.id, type, enabled));
  return { status: 200, message: 'Sucesso' };
}

// The contacts a device talks to: whether one is online, whether a number is on the network, a contact's or group's
// profile picture, and forgetting what contacts wrote.
import type { Ctx } from '../context.js';
import type { Reply } from '../../http/reply.js';
import type { Fields } from '../../rules/fields.js';
import { normalizePhone, normalizeRecipient } from '../../rules/recipients.js';
import { validationError } from '../../rules/service-errors.js';
import type { Store } from '../../store/db.js';
import { authorizeDevice, requireAll, requireFlag } from '../access.js';
import { PICTURE_PATH } from './picture-page.js';
import { notA } from '../../rules/reasons.js';

export const ONLINE_WINDOW_MS = 5 * 60_000;
/** Numbers ending in 0000 are the emulator's numbers that are not on the network (docs/emulator.md). */
const OFF_NETWORK = /0000$/;

export function isOnNetwork(digits: string): boolean {
  return !OFF_NETWORK.test(digits);
}

/** `online` when the contact wrote to the device (control API inbound) in the last 5 minutes, else `offline`. */
export function userStatus(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'obterStatus', true);
  requireFlag(fields, 'message', false);
  const { to } = requireAll(fields, ['to']);
  const numero = normalizePhone(to);
  if (!numero) throw validationError(notA(fields, 'to', 'a phone number'));
  const { device } = authorizeDevice(store, fields, ctx);
  const recent = store
    .sql('SELECT 1 FROM inbox WHERE device_id = ? AND remetente = ? AND received_at >= ? LIMIT 1')
    .get(device.id, numero, ctx.now() - ONLINE_WINDOW_MS);
  return { status: 200, message: 'Status obtido com sucesso.', userStatus: recent ? 'online' : 'offline' };
}

/** `checkDevice` = a phone number: `message.jid` when the number is on the network, `message.jid: null` otherwise. */
export function checkNumber(store: Store, fields: Fields, ctx: Ctx): Reply {
  const { checkDevice } = requireAll(fields, ['checkDevice']);
  const numero = normalizePhone(checkDevice);
  if (numero === undefined) throw validationError(notA(fields, 'checkDevice', 'a phone number'));
  authorizeDevice(store, fields, ctx);
  const exists = isOnNetwork(numero);
  return { status: 200, message: { exists, jid: exists ? `${numero}@s.whatsapp.net` : null } };
}

/** `obterImagem`: the profile picture's URL (a picture the emulator serves) of a number or group. */
export function profilePicture(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'obterImagem', true);
  const { to } = requireAll(fields, ['to']);
  const chat = normalizeRecipient(to);
  if (chat === undefined) throw validationError(notA(fields, 'to', 'a phone number or group id'));
  authorizeDevice(store, fields, ctx);
  const imagem = `${ctx.baseUrl ?? ''}${PICTURE_PATH}${encodeURIComponent(chat)}.svg`;
  return { status: 200, message: 'Imagem obtida com sucesso.', imagem };
}

/** `deleteConversaFluxo`: forgets what a contact (or `todos`: every contact) wrote to the device. */
export function deleteConversation(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'deleteConversaFluxo', true);
  const { to } = requireAll(fields, ['to']);
  const everyone = to.toLowerCase() === 'todos';
  const numero = everyone ? undefined : normalizePhone(to);
  if (!everyone && numero === undefined) throw validationError(notA(fields, 'to', 'a phone number or "todos"'));
  const { device } = authorizeDevice(store, fields, ctx);
  store.tx(() => {
    if (numero === undefined) store.sql('DELETE FROM inbox WHERE device_id = ?').run(device.id);
    else store.sql('DELETE FROM inbox WHERE device_id = ? AND remetente = ?').run(device.id, numero);
  });
  return { status: 200, message: 'Conversa deletada com sucesso.' };
}

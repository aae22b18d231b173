// Extensions on /api/settings: editeStatus, obterImagem, deleteConversaFluxo and checkDevice (docs/emulator.md).
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../http/reply.js';
import { validationError } from '../rules/service-errors.js';
import { escapeHtml, pageReply, safeDecode, type PageReply } from '../http/pages.js';
import type { Fields } from '../rules/fields.js';
import { normalizePhone, normalizeRecipient } from '../rules/recipients.js';
import type { Store } from '../store/db.js';
import { authorizeDevice, requireAll, requireFlag, requireText } from './access.js';

export const MAX_ABOUT_LENGTH = 139;
export const PICTURE_NOT_FOUND = 'Imagem não encontrada.';
export const PICTURE_PATH = '/foto/';
/** Numbers ending in 0000 are the emulator's numbers that are not on the network (docs/emulator.md). */
const OFF_NETWORK = /0000$/;

export function isOnNetwork(digits: string): boolean {
  return !OFF_NETWORK.test(digits);
}

/** `editeStatus`: the device's "about" text (`recado`). */
export function editAbout(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'editeStatus', true);
  const recado = requireText(fields, 'message');
  if (recado.length > MAX_ABOUT_LENGTH) throw validationError();
  const { device } = authorizeDevice(store, fields, ctx);
  store.tx(() => store.sql('UPDATE devices SET recado = ? WHERE id = ?').run(recado, device.id));
  return { status: 200, message: 'Recado atualizado com sucesso!' };
}

/** `obterImagem`: the profile picture's URL (a picture the emulator serves) of a number or group. */
export function profilePicture(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'obterImagem', true);
  const { to } = requireAll(fields, ['to']);
  const chat = normalizeRecipient(to);
  if (chat === undefined) throw validationError();
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
  if (!everyone && numero === undefined) throw validationError();
  const { device } = authorizeDevice(store, fields, ctx);
  store.tx(() => {
    if (numero === undefined) store.sql('DELETE FROM inbox WHERE device_id = ?').run(device.id);
    else store.sql('DELETE FROM inbox WHERE device_id = ? AND remetente = ?').run(device.id, numero);
  });
  return { status: 200, message: 'Conversa deletada com sucesso.' };
}

/** `checkDevice` = a phone number: `message.jid` when the number is on the network, `message.jid: null` otherwise. */
export function checkNumber(store: Store, fields: Fields, ctx: Ctx): Reply {
  const { checkDevice } = requireAll(fields, ['checkDevice']);
  const numero = normalizePhone(checkDevice);
  if (numero === undefined) throw validationError();
  authorizeDevice(store, fields, ctx);
  const exists = isOnNetwork(numero);
  return { status: 200, message: { exists, jid: exists ? `${numero}@s.whatsapp.net` : null } };
}

/** GET /foto/<chat>.svg, the chat as `obterImagem` hands it out (digits or group id); anything else is 404. */
export function picturePage(path: string): PageReply {
  const name = safeDecode(/^\/foto\/([^/]+)\.svg$/.exec(path)?.[1] ?? '');
  const chat = name === undefined ? undefined : normalizeRecipient(name);
  if (chat === undefined || chat !== name) throw new EmulatorError(404, PICTURE_NOT_FOUND);
  const label = escapeHtml(chat.replace(/@.*$/, '').slice(-4));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#25d366"/>` +
    `<text x="48" y="56" font-size="24" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return pageReply(200, 'image/svg+xml', svg);
}

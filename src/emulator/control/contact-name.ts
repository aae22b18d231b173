// POST /__emulator/contacts/name: the name a contact goes by (the console's contact-name field, a test's setup). The
// contact's events carry it as `nome` from then on whenever the inbound call gives none; `""` takes it back.
import { own, type Fields } from '../rules/fields.js';
import { normalizePhone } from '../rules/recipients.js';
import { setContactName } from '../store/contacts.js';
import type { Store } from '../store/db.js';
import type { Instruments } from '../instruments/index.js';
import { controlDevice, controlField, invalidControlField } from './fields.js';
import type { ContactNameAnswer } from './types.js';

/** The longest name kept: a name is a line in a chat list, not a document. */
const MAX_NAME = 100;

function readName(fields: Fields): string {
  const value = own(fields, 'nome');
  if (typeof value !== 'string' || value.trim().length > MAX_NAME || /[\r\n]/.test(value))
    throw invalidControlField('nome');
  return value.trim();
}

export function contactNameRoute(
  store: Store,
  fields: Fields,
  _ctx: unknown,
  instruments: Instruments,
): ContactNameAnswer {
  const device = controlDevice(store, fields);
  const contato = normalizePhone(controlField(fields, 'contato'));
  if (!contato) throw invalidControlField('contato');
  const nome = readName(fields);
  store.tx(() => setContactName(store, device.id, contato, nome));
  if (instruments.live.bus.active)
    instruments.live.bus.publish('contact', { dispositivo: device.id, chat: contato, nome });
  return { status: 200, message: nome === '' ? 'Nome removido.' : 'Nome salvo.', contato, nome };
}

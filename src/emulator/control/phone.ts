// Control routes of a device's phone: it completes pairing, or it disconnects.
import { optional, type Fields } from '../rules/fields.js';
import { normalizePhone } from '../rules/recipients.js';
import type { Store } from '../store/db.js';
import { setConnected } from '../store/devices.js';
import { controlDevice, invalidControlField } from './fields.js';
import type { MessageAnswer } from './types.js';

/** The phone completes pairing; `telefone` (optional) is the number it turns out to have. */
export function connectRoute(store: Store, fields: Fields): MessageAnswer {
  const device = controlDevice(store, fields);
  const invalid = () => invalidControlField('telefone');
  const telefone = (optional(fields, 'telefone', invalid) ?? optional(fields, 'phone', invalid))?.trim();
  if (telefone !== undefined && !normalizePhone(telefone)) throw invalidControlField('telefone');
  store.tx(() => setConnected(store, device.id, true, telefone));
  return { status: 200, message: 'Dispositivo conectado.' };
}

export function disconnectRoute(store: Store, fields: Fields): MessageAnswer {
  const device = controlDevice(store, fields);
  store.tx(() => setConnected(store, device.id, false));
  return { status: 200, message: 'Dispositivo desconectado.' };
}

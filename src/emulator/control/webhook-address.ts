// POST /__emulator/devices/webhook: a device's webhook address changes without pairing it again (it stays
// connected, its switches as they were). Deliveries already queued keep the address they were queued for.
import { own, type Fields } from '../rules/fields.js';
import { webhookAddress } from '../rules/recipients.js';
import type { Store } from '../store/db.js';
import { setDeviceWebhook } from '../store/devices.js';
import { controlDevice, invalidControlField } from './fields.js';
import type { WebhookAddressAnswer } from './types.js';

/** `webhook`: an http(s) URL, or `""` for none (the device then gets no events). */
function readAddress(fields: Fields): string {
  const value = own(fields, 'webhook');
  if (typeof value !== 'string') throw invalidControlField('webhook');
  const address = value.trim();
  if (address !== '' && !webhookAddress(address)) throw invalidControlField('webhook');
  return address;
}

export function webhookAddressRoute(store: Store, fields: Fields): WebhookAddressAnswer {
  const device = controlDevice(store, fields);
  const webhook = readAddress(fields);
  store.tx(() => setDeviceWebhook(store, device.id, webhook));
  return { status: 200, message: webhook === '' ? 'Webhook removido.' : 'Webhook alterado.', webhook };
}

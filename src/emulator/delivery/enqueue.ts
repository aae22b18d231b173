// Queues a webhook event in the same transaction as the change that caused it.
import { isGroupId } from '../rules/recipients.js';
import type { Store } from '../store/db.js';
import type { DeviceRow } from '../store/devices.js';
import type { EventPayload } from './payloads.js';

/** Whether the device wants events of this conversation: it has a webhook and switchWebhook left the kind on. */
export function wantsEvent(device: DeviceRow, chat: string): boolean {
  if (!device.webhook) return false;
  return isGroupId(chat) ? device.webhook_grupo === 1 : device.webhook_chat === 1;
}

/**
 * Adds a delivery when the device wants it; returns whether one was queued. `device` is its row as read in this same
 * turn (operations run synchronously, so nothing can have changed it since).
 */
export function enqueueEvent(store: Store, device: DeviceRow, payload: EventPayload, now: number): boolean {
  if (!wantsEvent(device, payload.chat)) return false;
  store
    .sql('INSERT INTO deliveries (device_id, url, payload, next_at, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(device.id, device.webhook, JSON.stringify(payload), now, now);
  return true;
}

// GET /__emulator/webhooks/attempts (every attempt of a device's deliveries) and POST /__emulator/webhooks/redeliver
// (the same event, or an edited one, queued again as a new delivery, to the address it was posted to).
import type { Ctx } from '../operations/context.js';
import { EmulatorError } from '../http/reply.js';
import type { Instruments } from '../instruments/index.js';
import { asText, has, own, record, type Fields } from '../rules/fields.js';
import { maskValue } from '../rules/reasons.js';
import type { Store } from '../store/db.js';
import { controlDevice, invalidControlField } from './fields.js';
import type { ControlHandlers } from './route.js';
import type { AttemptsAnswer, RedeliverAnswer } from './types.js';

export const DELIVERY_NOT_FOUND = 'Entrega não encontrada.';

function deliveryId(fields: Fields, key: string, required: boolean): number | undefined {
  const raw = asText(own(fields, key))?.trim();
  if (!raw) {
    if (required) throw invalidControlField(key);
    return undefined;
  }
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw invalidControlField(key);
  return id;
}

function listAttempts(store: Store, fields: Fields, _ctx: Ctx, instruments: Instruments): AttemptsAnswer {
  const device = controlDevice(store, fields);
  return { status: 200, tentativas: instruments.attempts.list(device.id, deliveryId(fields, 'entrega', false)) };
}

interface DeliveryRow {
  device_id: string;
  url: string;
  payload: string;
}

/**
 * The event to post again: the stored one, or `corpo` as edited. The console shows the device's appkey (`instancia`)
 * masked, so an edit that left the masked value in place posts the stored appkey.
 */
function eventToPost(fields: Fields, stored: string): string {
  if (!has(fields, 'corpo')) return stored;
  const edited = record(fields, 'corpo');
  if (!edited) throw invalidControlField('corpo');
  const original = JSON.parse(stored) as Record<string, unknown>;
  const instancia = original.instancia;
  const masked = typeof instancia === 'string' && edited.instancia === maskValue(instancia);
  return JSON.stringify(masked ? { ...edited, instancia } : edited);
}

function redeliver(store: Store, fields: Fields, ctx: Ctx): RedeliverAnswer {
  const id = deliveryId(fields, 'id', true);
  const row = store.sql('SELECT device_id, url, payload FROM deliveries WHERE id = ?').get(id ?? 0) as
    DeliveryRow | undefined;
  if (!row) throw new EmulatorError(404, DELIVERY_NOT_FOUND);
  const payload = eventToPost(fields, row.payload);
  const now = ctx.now();
  const entrega = store.tx(
    () =>
      store
        .sql('INSERT INTO deliveries (device_id, url, payload, next_at, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(row.device_id, row.url, payload, now, now).lastInsertRowid,
  );
  return { status: 200, message: 'Evento enfileirado de novo.', entrega: Number(entrega) };
}

export const DELIVERY_ROUTES = {
  '/__emulator/webhooks/attempts': { GET: listAttempts },
  '/__emulator/webhooks/redeliver': { POST: redeliver },
} satisfies ControlHandlers;

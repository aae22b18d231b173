// Shared steps of the sends: reading `to`, recording the message in the outbox, queueing its event.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../../http/reply.js';
import { NO_CONNECTED_DEVICE, validationError } from '../../rules/service-errors.js';
import { enqueueEvent } from '../../delivery/enqueue.js';
import type { EventPayload } from '../../delivery/payloads.js';
import { parseCoordinate } from '../../rules/coordinates.js';
import { optional, own, required, type Fields } from '../../rules/fields.js';
import { deviceLabel, notA, quoted } from '../../rules/reasons.js';
import { newMessageId } from '../../rules/ids.js';
import { normalizeRecipient } from '../../rules/recipients.js';
import type { Store } from '../../store/db.js';
import { findDeviceById, settleAutoConnect, type DeviceRow } from '../../store/devices.js';
import { insertMessage, requestOrigin, type MessageKind } from '../../store/messages.js';
import { formatDateTime } from '../../rules/zoned-time.js';

/** `to` as a phone number (digits) or a group id; 401 validation.required otherwise. */
export function recipient(fields: Fields): string {
  const raw = required(fields, 'to');
  const to = raw === undefined ? undefined : normalizeRecipient(raw);
  if (to === undefined) throw validationError(notA(fields, 'to', 'a phone number or group id'));
  return to;
}

export interface Sent {
  idMensagem: string;
  dataEnvio: string;
}

export interface Outgoing {
  device: DeviceRow;
  to: string;
  kind: MessageKind;
  content: Record<string, unknown>;
  /** The webhook event this send emits, if any. */
  event?: (id: string, now: number) => EventPayload;
}

/** 404 `Nenhum dispositivo conectado encontrado` when the device is not connected (polls always; other sends when asked). */
export function assertConnected(store: Store, ctx: Ctx, device: DeviceRow): void {
  settleAutoConnect(store, ctx.now());
  if (findDeviceById(store, device.id)?.conectado !== 1)
    throw new EmulatorError(404, NO_CONNECTED_DEVICE).because(`${deviceLabel(device)} is not connected`);
}

/** Records the message and its event in one transaction; the reply is sent only after it commits. */
export function recordSend(store: Store, ctx: Ctx, outgoing: Outgoing): Sent {
  if (ctx.requireConnected) assertConnected(store, ctx, outgoing.device);
  const now = ctx.now();
  const id = newMessageId();
  store.tx(() => {
    insertMessage(store, {
      id,
      device_id: outgoing.device.id,
      destinatario: outgoing.to,
      kind: outgoing.kind,
      content: outgoing.content,
      schedule_id: null,
      sent_at: now,
      origem: requestOrigin(ctx.userAgent),
    });
    if (outgoing.event) enqueueEvent(store, outgoing.device, outgoing.event(id, now), now);
  });
  return { idMensagem: id, dataEnvio: formatDateTime(now, ctx.tz) };
}

/** A send's answer: the message id in `data.idMensagem` and, as ERP clients read it, as `id` beside it. */
export function sentReply(message: string, sent: Sent): Reply {
  return {
    status: 200,
    message,
    id: sent.idMensagem,
    data: { idMensagem: sent.idMensagem, dataEnvio: sent.dataEnvio },
  };
}

/** An optional string field: undefined when absent or blank, 401 when present with a non-string value. */
export function optionalText(fields: Fields, key: string): string | undefined {
  return optional(fields, key, () => validationError(`${key} must be text, got ${quoted(own(fields, key))}`));
}

/** `latitude` and `longitude` as decimal numbers within range; 401 validation.required otherwise. */
export function coordinatesOrThrow(fields: Fields): { latitude: number; longitude: number } {
  const latitude = parseCoordinate(own(fields, 'latitude'), 90);
  const longitude = parseCoordinate(own(fields, 'longitude'), 180);
  if (latitude === undefined) throw validationError(notA(fields, 'latitude', 'a latitude (-90 to 90)'));
  if (longitude === undefined) throw validationError(notA(fields, 'longitude', 'a longitude (-180 to 180)'));
  return { latitude, longitude };
}

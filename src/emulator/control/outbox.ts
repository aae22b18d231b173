// GET /__emulator/outbox and GET /__emulator/webhooks: what went out for a device, and how its events fared.
import { EmulatorError } from '../http/reply.js';
import { text, type Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import { listMessages, messageContent, messageSeq } from '../store/messages.js';
import { controlDevice, invalidControlField } from './fields.js';
import type { DeliveryState, OutboxAnswer, WebhooksAnswer } from './types.js';

/** `after`: the id of a message of the device; 404 when it has none of that id (erased by a reset, or mistyped). */
function afterSeq(store: Store, deviceId: string, fields: Fields): number {
  const after = text(fields, 'after')?.trim();
  if (!after) return 0;
  const seq = messageSeq(store, deviceId, after);
  if (seq === undefined) throw new EmulatorError(404, 'Mensagem não encontrada.');
  return seq;
}

/** What went out for the device, oldest first; `after` (a message id) keeps only the messages that followed it. */
export function outboxRoute(store: Store, fields: Fields): OutboxAnswer {
  const device = controlDevice(store, fields);
  const mensagens = listMessages(store, device.id, afterSeq(store, device.id, fields)).map((row) => ({
    id: row.id,
    to: row.destinatario,
    kind: row.kind,
    content: messageContent(row),
    timestamp: new Date(row.sent_at).toISOString(),
    ...(row.schedule_id ? { agendamento_id: row.schedule_id } : {}),
  }));
  return { status: 200, mensagens };
}

interface DeliveryView {
  id: number;
  url: string;
  payload: string;
  state: DeliveryState;
  attempts: number;
  last_error: string | null;
}

const STATES: readonly string[] = ['pending', 'delivered', 'failed'] satisfies DeliveryState[];

/** The device's webhook queue, oldest first (`estado` keeps one state), with how many deliveries are in each state. */
export function webhooksRoute(store: Store, fields: Fields): WebhooksAnswer {
  const device = controlDevice(store, fields);
  const estado = text(fields, 'estado');
  if (estado !== undefined && !STATES.includes(estado)) throw invalidControlField('estado');
  const rows = store
    .sql(
      'SELECT id, url, payload, state, attempts, last_error FROM deliveries WHERE device_id = ? AND (? IS NULL OR state = ?) ORDER BY id',
    )
    .all(device.id, estado ?? null, estado ?? null) as DeliveryView[];
  const counted = store
    .sql('SELECT state, COUNT(*) AS n FROM deliveries WHERE device_id = ? GROUP BY state')
    .all(device.id) as Array<{ state: DeliveryState; n: number }>;
  const count = (state: DeliveryState) => counted.find((c) => c.state === state)?.n ?? 0;
  const contagem = { pending: count('pending'), delivered: count('delivered'), failed: count('failed') };
  const entregas = rows.map((row) => ({
    id: row.id,
    estado: row.state,
    tentativas: row.attempts,
    evento: JSON.parse(row.payload) as Record<string, unknown>,
    ultimoErro: row.last_error,
    url: row.url,
  }));
  return { status: 200, contagem, entregas };
}

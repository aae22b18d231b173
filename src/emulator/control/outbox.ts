// GET /__emulator/outbox and GET /__emulator/webhooks: what went out for a device, and how its events fared.
import type { Reply } from '../http/reply.js';
import { text, type Fields } from '../rules/fields.js';
import type { Store } from '../store/db.js';
import { listMessages, messageContent } from '../store/messages.js';
import { controlDevice, invalidControlField } from './fields.js';

export function outboxRoute(store: Store, fields: Fields): Reply {
  const device = controlDevice(store, fields);
  const mensagens = listMessages(store, device.id).map((row) => ({
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
  state: string;
  attempts: number;
  last_error: string | null;
}

const STATES = ['pending', 'delivered', 'failed'];

/** The device's webhook queue, oldest first (`estado` keeps one state), with how many deliveries are in each state. */
export function webhooksRoute(store: Store, fields: Fields): Reply {
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
    .all(device.id) as Array<{ state: string; n: number }>;
  const contagem = Object.fromEntries(STATES.map((state) => [state, counted.find((c) => c.state === state)?.n ?? 0]));
  const entregas = rows.map((row) => ({
    id: row.id,
    estado: row.state,
    tentativas: row.attempts,
    evento: JSON.parse(row.payload) as unknown,
    ultimoErro: row.last_error,
    url: row.url,
  }));
  return { status: 200, contagem, entregas };
}

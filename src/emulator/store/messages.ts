// The outbox: every message that went out for a device, in order.
import type { Store } from './db.js';

export type MessageKind =
  'text' | 'story' | 'carousel' | 'buttons' | 'location' | 'poll' | 'reaction' | 'template' | 'media' | 'reply';

export interface MessageRow {
  seq: number;
  id: string;
  device_id: string;
  destinatario: string;
  kind: MessageKind;
  content: string;
  schedule_id: string | null;
  sent_at: number;
}

export type NewMessage = Omit<MessageRow, 'seq' | 'content'> & { content: Record<string, unknown> };

export function insertMessage(store: Store, message: NewMessage): void {
  store
    .sql(
      `INSERT INTO messages (id, device_id, destinatario, kind, content, schedule_id, sent_at)
       VALUES (@id, @device_id, @destinatario, @kind, @content, @schedule_id, @sent_at)`,
    )
    .run({ ...message, content: JSON.stringify(message.content) });
}

export function findMessage(store: Store, deviceId: string, id: string): MessageRow | undefined {
  return store.sql('SELECT * FROM messages WHERE device_id = ? AND id = ?').get(deviceId, id) as MessageRow | undefined;
}

/** The device's messages, oldest first; with `afterSeq`, only those after it (a follower reads each one once). */
export function listMessages(store: Store, deviceId: string, afterSeq = 0): MessageRow[] {
  return store
    .sql('SELECT * FROM messages WHERE device_id = ? AND seq > ? ORDER BY seq')
    .all(deviceId, afterSeq) as MessageRow[];
}

/** Where a message of the device stands in the outbox (its seq), or undefined when it is not the device's. */
export function messageSeq(store: Store, deviceId: string, id: string): number | undefined {
  const row = store.sql('SELECT seq FROM messages WHERE device_id = ? AND id = ?').get(deviceId, id) as
    { seq: number } | undefined;
  return row?.seq;
}

export function messageContent(row: MessageRow): Record<string, unknown> {
  return JSON.parse(row.content) as Record<string, unknown>;
}

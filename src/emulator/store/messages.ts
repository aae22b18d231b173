// The outbox: every message that went out for a device, in order.
import type { Store } from './db.js';

export type MessageKind =
  'text' | 'story' | 'carousel' | 'buttons' | 'location' | 'poll' | 'reaction' | 'template' | 'media' | 'reply';

/**
 * Where a sent message came from: `cli`, a service request of the chatbot CLI (its User-Agent `chatbot/<version>`:
 * `chatbot send`, a template sent by hand); `api`, one of any other client (the bot, an application); `schedule`, a
 * schedule that went out. The console's export expects only the bot's (`api`) as answers.
 */
export type MessageOrigin = 'api' | 'cli' | 'schedule';

/** The CLI's User-Agent (src/cli/context.ts): `chatbot/1.2.3` (`chatbot/dev` from sources), a comment may follow. */
const CLI_AGENT = /^chatbot\/[^\s/]+(\s|$)/;

/** The origin of a send made by a service request with this User-Agent. */
export function requestOrigin(userAgent: string | undefined): MessageOrigin {
  return userAgent !== undefined && CLI_AGENT.test(userAgent) ? 'cli' : 'api';
}

export interface MessageRow {
  seq: number;
  id: string;
  device_id: string;
  destinatario: string;
  kind: MessageKind;
  content: string;
  schedule_id: string | null;
  sent_at: number;
  origem: MessageOrigin;
}

export type NewMessage = Omit<MessageRow, 'seq' | 'content'> & { content: Record<string, unknown> };

export function insertMessage(store: Store, message: NewMessage): void {
  store
    .sql(
      `INSERT INTO messages (id, device_id, destinatario, kind, content, schedule_id, sent_at, origem)
       VALUES (@id, @device_id, @destinatario, @kind, @content, @schedule_id, @sent_at, @origem)`,
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

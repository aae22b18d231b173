// A device's conversations as the contact's phone shows them: what the device sent (the outbox) and what contacts
// sent (the inbox), in one order, a page at a time; and the schedules still waiting to go out.
import type { Store } from './db.js';

export type Direction = 'out' | 'in';

/** A row of either table, in the columns both share. */
export interface ConversationRow {
  dir: Direction;
  seq: number;
  id: string;
  /** out: the outbox kind; in: the event kind. */
  kind: string;
  /** JSON: out, the outbox content; in, the whole event payload. */
  content: string;
  chat: string;
  at: number;
  schedule_id: string | null;
  remetente: string | null;
  /** out: where the message came from (MessageOrigin); in: null. */
  origem: string | null;
}

/** Where a row stands: time, then direction, then its table's sequence. */
export interface Position {
  at: number;
  dir: string;
  seq: number;
}

const END: Position = { at: Number.MAX_SAFE_INTEGER, dir: '~', seq: Number.MAX_SAFE_INTEGER };

/** Each table's rows of the chat before the position, newest first (its chat index gives them in order). */
const OUT_BEFORE = `
  SELECT 'out' AS dir, seq, id, kind, content, destinatario AS chat, sent_at AS at, schedule_id, NULL AS remetente,
    origem
  FROM messages WHERE device_id = @device AND destinatario = @chat
    AND (sent_at < @at OR (sent_at = @at AND ('out' < @dir OR ('out' = @dir AND seq < @seq))))
  ORDER BY sent_at DESC, seq DESC LIMIT @limit`;
const IN_BEFORE = `
  SELECT 'in' AS dir, seq, id, evento AS kind, payload AS content, chat, received_at AS at, NULL AS schedule_id, remetente,
    NULL AS origem
  FROM inbox WHERE device_id = @device AND chat = @chat
    AND (received_at < @at OR (received_at = @at AND ('in' < @dir OR ('in' = @dir AND seq < @seq))))
  ORDER BY received_at DESC, seq DESC LIMIT @limit`;

/** Newest first: time, then direction, then sequence. */
function newestFirst(a: ConversationRow, b: ConversationRow): number {
  return b.at - a.at || (a.dir === b.dir ? b.seq - a.seq : a.dir < b.dir ? 1 : -1);
}

/** The `limit` rows before `before` (the newest when absent), oldest first, and whether older ones exist. */
export function conversationPage(
  store: Store,
  device: string,
  chat: string,
  limit: number,
  before: Position = END,
): { rows: ConversationRow[]; more: boolean } {
  const params = { device, chat, ...before, limit: limit + 1 };
  const rows = [
    ...(store.sql(OUT_BEFORE).all(params) as unknown as ConversationRow[]),
    ...(store.sql(IN_BEFORE).all(params) as unknown as ConversationRow[]),
  ].sort(newestFirst);
  const more = rows.length > limit;
  return { rows: rows.slice(0, limit).reverse(), more };
}

export interface ChatCount {
  chat: string;
  n: number;
  at: number;
}

/** Every chat of the device with a message either way: how many, and when the newest was. */
export function chatCounts(store: Store, device: string): ChatCount[] {
  return store
    .sql(
      `SELECT chat, SUM(n) AS n, MAX(at) AS at FROM (
         SELECT destinatario AS chat, COUNT(*) AS n, MAX(sent_at) AS at FROM messages WHERE device_id = @device
           GROUP BY destinatario
         UNION ALL
         SELECT chat, COUNT(*), MAX(received_at) FROM inbox WHERE device_id = @device GROUP BY chat
       ) GROUP BY chat ORDER BY at DESC`,
    )
    .all({ device }) as unknown as ChatCount[];
}

/** The name each contact last wrote under (`nome` of the control API's inbound call), by number. */
export function contactNames(store: Store, device: string): Map<string, string> {
  const rows = store
    .sql(
      `SELECT remetente, json_extract(payload, '$.nome') AS nome FROM inbox WHERE device_id = ?
       AND chat = remetente AND json_extract(payload, '$.nome') <> remetente ORDER BY seq`,
    )
    .all(device) as Array<{ remetente: string; nome: string | null }>;
  return new Map(rows.flatMap((row) => (row.nome ? [[row.remetente, row.nome] as const] : [])));
}

export interface PendingScheduleRow {
  id: string;
  device_id: string;
  agendamento: string;
  due_at: number;
  recipients: string;
  message: string;
  file: string | null;
}

/** The device's schedules that have not gone out, soonest first (every device's when `device` is undefined). */
export function pendingSchedules(store: Store, device?: string): PendingScheduleRow[] {
  return store
    .sql(
      `SELECT id, device_id, agendamento, due_at, recipients, message, file FROM schedules
       WHERE state = 'pending' AND (@device IS NULL OR device_id = @device) ORDER BY due_at, rowid`,
    )
    .all({ device: device ?? null }) as unknown as PendingScheduleRow[];
}

/** Rows of both tables added after the given sequences (for the live feed), oldest first within each table. */
export function rowsAfter(store: Store, outSeq: number, inSeq: number): (ConversationRow & { device_id: string })[] {
  return store
    .sql(
      `SELECT 'out' AS dir, seq, id, kind, content, destinatario AS chat, sent_at AS at, schedule_id,
         NULL AS remetente, origem, device_id FROM messages WHERE seq > @outSeq
       UNION ALL
       SELECT 'in', seq, id, evento, payload, chat, received_at, NULL, remetente, NULL, device_id FROM inbox
         WHERE seq > @inSeq
       ORDER BY at, dir, seq`,
    )
    .all({ outSeq, inSeq }) as unknown as (ConversationRow & { device_id: string })[];
}

/** The newest sequence of each table: where the live feed starts. */
export function newestSequences(store: Store): { out: number; in: number } {
  const row = store
    .sql('SELECT (SELECT IFNULL(MAX(seq), 0) FROM messages) AS out, (SELECT IFNULL(MAX(seq), 0) FROM inbox) AS inn')
    .get() as { out: number; inn: number };
  return { out: row.out, in: row.inn };
}

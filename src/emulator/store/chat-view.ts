// How the control API shows a conversation's rows: a ChatMessage each (both directions in one shape), a pending
// schedule, and the cursor that pages back from a message.
import { displayWarnings } from '../rules/display-limits.js';
import type { ConversationRow, PendingScheduleRow, Position } from './conversations.js';
import type { ChatMessage, PendingSchedule } from '../control/types.js';
import type { MessageOrigin } from './messages.js';

/** What every event carries; the rest of an inbound payload is the message's own content. */
const ENVELOPE = new Set([
  'evento',
  'tipo',
  'instancia',
  'dispositivo',
  'remetente',
  'destinatario',
  'chat',
  'isGrupo',
  'nome',
  'idMessagem',
  'timestamp',
]);

export function encodeCursor(row: Pick<ConversationRow, 'at' | 'dir' | 'seq'>): string {
  return `${row.at}.${row.dir}.${row.seq}`;
}

/** A cursor back into a position; undefined when it is not one. */
export function decodeCursor(cursor: string): Position | undefined {
  const match = /^(\d+)\.(in|out)\.(\d+)$/.exec(cursor);
  if (!match) return undefined;
  return { at: Number(match[1]), dir: match[2] ?? '', seq: Number(match[3]) };
}

function inboundContent(payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).filter(([key]) => !ENVELOPE.has(key)));
}

export function chatMessage(row: ConversationRow): ChatMessage {
  const parsed = JSON.parse(row.content) as Record<string, unknown>;
  const base = { id: row.id, kind: row.kind, chat: row.chat, timestamp: new Date(row.at).toISOString() };
  if (row.dir === 'out') {
    return {
      ...base,
      direction: 'out',
      content: parsed,
      ...(row.schedule_id ? { agendamento_id: row.schedule_id } : {}),
      ...(row.origem ? { origem: row.origem as MessageOrigin } : {}),
      avisos: displayWarnings(row.kind, parsed),
      cursor: encodeCursor(row),
    };
  }
  const nome = typeof parsed.nome === 'string' && parsed.nome !== row.remetente ? { nome: parsed.nome } : {};
  return {
    ...base,
    direction: 'in',
    content: inboundContent(parsed),
    de: row.remetente ?? '',
    ...nome,
    avisos: [],
    cursor: encodeCursor(row),
  };
}

export function recipientsOf(row: PendingScheduleRow): string[] {
  return JSON.parse(row.recipients) as string[];
}

export function pendingSchedule(row: PendingScheduleRow): PendingSchedule {
  return {
    id: row.id,
    agendamento: row.agendamento,
    enviaEm: new Date(row.due_at).toISOString(),
    message: row.message,
    file: row.file,
  };
}

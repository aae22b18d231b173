// GET /__emulator/chats and GET /__emulator/chat: a device's conversations, and one of them a page at a time, both
// directions (what the device sent, what contacts sent), with the schedules still waiting to go out to it.
import { EmulatorError } from '../http/reply.js';
import { asText, own, type Fields } from '../rules/fields.js';
import { isGroupId, normalizeChat, STATUS_CHAT } from '../rules/recipients.js';
import {
  chatCounts,
  contactNames,
  conversationPage,
  pendingSchedules,
  type PendingScheduleRow,
} from '../store/conversations.js';
import { namedContacts } from '../store/contacts.js';
import type { Store } from '../store/db.js';
import { findGroup } from '../store/groups.js';
import { chatMessage, decodeCursor, pendingSchedule, recipientsOf } from '../store/chat-view.js';
import { controlDevice, controlDeviceByIdOrAppkey, controlField, invalidControlField } from './fields.js';
import type { ChatAnswer, ChatsAnswer, ChatSummary, GroupView } from './types.js';
import { previewText } from '../store/chat-preview.js';

const DEFAULT_PAGE = 100;
/** The chats whose newest message the list carries in a few words: the newest, as many as the console lists. */
const PREVIEWED_CHATS = 100;
const MAX_PAGE = 500;

interface GroupTitleRow {
  id: string;
  titulo: string;
}

function schedulesByChat(rows: readonly PendingScheduleRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) for (const chat of recipientsOf(row)) counts.set(chat, (counts.get(chat) ?? 0) + 1);
  return counts;
}

/** The device's chats, the most recent first: every chat with a message, a group, a pending schedule or a name. */
export function chatsRoute(store: Store, fields: Fields): ChatsAnswer {
  const device = controlDevice(store, fields);
  const groups = store
    .sql('SELECT id, titulo FROM groups WHERE device_id = ? ORDER BY rowid')
    .all(device.id) as GroupTitleRow[];
  const named = namedContacts(store, device.id);
  const titles = new Map([
    ...contactNames(store, device.id),
    ...named,
    ...groups.map((g) => [g.id, g.titulo] as const),
  ]);
  const scheduled = schedulesByChat(pendingSchedules(store, device.id));
  const summaries = new Map<string, ChatSummary>();
  const add = (chat: string, mensagens: number, at: number | null) =>
    summaries.set(chat, {
      chat,
      isGrupo: isGroupId(chat),
      titulo: titles.get(chat) ?? (chat === STATUS_CHAT ? 'Status' : chat),
      mensagens,
      ultima: at === null ? null : new Date(at).toISOString(),
      agendados: scheduled.get(chat) ?? 0,
    });
  for (const count of chatCounts(store, device.id)) add(count.chat, count.n, count.at);
  for (const summary of [...summaries.values()].slice(0, PREVIEWED_CHATS)) {
    const [newest] = conversationPage(store, device.id, summary.chat, 1).rows;
    if (newest) summary.previa = previewText(chatMessage(newest));
  }
  for (const chat of [...groups.map((g) => g.id), ...scheduled.keys(), ...named.keys()])
    if (!summaries.has(chat)) add(chat, 0, null);
  return { status: 200, conversas: [...summaries.values()] };
}

function pageSize(fields: Fields): number {
  const raw = asText(own(fields, 'limit'))?.trim();
  if (!raw) return DEFAULT_PAGE;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw invalidControlField('limit');
  return limit;
}

function groupView(store: Store, deviceId: string, chat: string): GroupView | null {
  const group = isGroupId(chat) ? findGroup(store, deviceId, chat) : undefined;
  return group ? { titulo: group.titulo, descricao: group.descricao, participantes: group.participantes } : null;
}

/** One chat's messages, a page at a time (`before` = the oldest message's cursor of the page already read). */
export function chatRoute(store: Store, fields: Fields): ChatAnswer {
  const device = controlDeviceByIdOrAppkey(store, fields);
  const given = controlField(fields, 'chat');
  const chat = normalizeChat(given);
  if (!chat) throw invalidControlField('chat');
  const rawBefore = asText(own(fields, 'before'))?.trim();
  const before = rawBefore ? decodeCursor(rawBefore) : undefined;
  if (rawBefore && !before) throw new EmulatorError(400, 'Campo inválido: before.');
  const page = conversationPage(store, device.id, chat, pageSize(fields), before);
  const mensagens = page.rows.map(chatMessage);
  const agendados = pendingSchedules(store, device.id)
    .filter((row) => recipientsOf(row).includes(chat))
    .map(pendingSchedule);
  return {
    status: 200,
    chat,
    isGrupo: isGroupId(chat),
    grupo: groupView(store, device.id, chat),
    mensagens,
    anterior: page.more ? (mensagens[0]?.cursor ?? null) : null,
    agendados,
  };
}

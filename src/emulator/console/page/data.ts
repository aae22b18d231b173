// What the views do: load what the console shows, open chats, act as the contact; each a control-API call.
import type { ChatAnswer, ChatMessage, DeviceView, LiveEventData } from '../../control/types.js';
import { FIRST_PAGE_SIZE } from '../deep-link.js';
import { api } from './api.js';
import { withChanges } from './chat-list.js';
import { withAttempts, withRequests } from './logs.js';
import { conversationFile } from './export/conversation-file.js';
import {
  allDevices,
  carried,
  chatKey,
  getState,
  renderSoon,
  setState,
  streamKey,
  updateChat,
  type OpenChat,
} from './store.js';

export const PAGE_SIZE = 500;

export function notify(error: unknown): void {
  setState({ notice: error instanceof Error ? error.message : String(error) });
}

/** Runs an action; its failure becomes the notice the page shows. */
export function attempt(action: () => Promise<unknown>): void {
  action().catch(notify);
}

export async function loadChats(device: DeviceView): Promise<void> {
  const chats = await api.chats(device.appkey);
  setState((current) => ({ chats: { ...current.chats, [device.id]: chats } }));
}

/** An open chat holding nothing of what it held. */
export function emptied(chat: OpenChat): OpenChat {
  return { ...chat, messages: [], agendados: [], anterior: null };
}

/**
 * Reads what the page shows: the devices, the clock and the fault rules, then the open chats of devices still there
 * (a chat whose device is gone, the emulator reset, holds nothing any more), each device's chats, and the logs when
 * `logs` (the stream carries them only to a page that shows them).
 */
export async function loadAll(logs: boolean): Promise<void> {
  const [accounts, clock, faults] = await Promise.all([api.devices(), api.clock(), api.faults()]);
  setState({ accounts, clock: { agora: clock.agora, alterado: clock.alterado }, faults });
  const devices = new Set(allDevices().map((device) => device.id));
  setState((s) => ({ open: s.open.map((chat) => (devices.has(chat.device.id) ? chat : emptied(chat))) }));
  const chatsRead = getState()
    .open.filter((chat) => devices.has(chat.device.id))
    .map((chat) => reloadChat(chat.key).catch(notify));
  await Promise.all([...allDevices().map(loadChats), ...chatsRead, ...(logs ? [loadLogs()] : [])]);
}

/** The request log and every device's webhook attempts, as the emulator keeps them now. */
export async function loadLogs(): Promise<void> {
  const devices = allDevices();
  const [requests, attempts] = await Promise.all([
    api.requests(),
    Promise.all(
      devices.map(async (device) => (await api.attempts(device.appkey)).map((a) => ({ ...a, dispositivo: device.id }))),
    ),
  ]);
  setState((s) => ({
    requests: withRequests(s.requests, requests),
    attempts: withAttempts(s.attempts, attempts.flat()),
  }));
}

function newChat(device: DeviceView, chat: string): OpenChat {
  return {
    key: chatKey(device.id, chat),
    device,
    chat,
    grupo: null,
    messages: [],
    anterior: null,
    agendados: [],
    loading: true,
    newest: undefined,
    actingAs: chat,
    quoting: undefined,
  };
}

/**
 * The newest page of a chat, replacing what the console held of it but for messages the stream brought since the read
 * began; read once more when the chat's newest message (as the last `chats` event named it) is still not there.
 */
export async function reloadChat(key: string, again = true): Promise<void> {
  const open = getState().open.find((chat) => chat.key === key);
  if (!open) return;
  updateChat(key, () => ({ loading: true }));
  const size = Math.min(PAGE_SIZE, Math.max(FIRST_PAGE_SIZE, open.messages.length));
  const held = new Set(open.messages.map((m) => m.id));
  applyPage(key, await readPage(open, undefined, size), held);
  const now = getState().open.find((chat) => chat.key === key);
  if (again && now && lacksNewest(now)) await reloadChat(key, false);
}

/**
 * A chat's newest page in place of what the console held of it (`held`, the ids it held when the read began), but
 * for the messages the stream brought since.
 */
function applyPage(key: string, page: ChatAnswer, held: ReadonlySet<string>): void {
  const members = page.grupo?.participantes.map((p) => p.id) ?? [];
  const read = new Set(page.mensagens.map((m) => m.id));
  updateChat(key, (chat) => ({
    chat: page.chat,
    grupo: page.grupo,
    messages: [...page.mensagens, ...chat.messages.filter((m) => !read.has(m.id) && !held.has(m.id))],
    anterior: page.anterior,
    agendados: page.agendados,
    loading: false,
    actingAs: page.isGrupo ? (members.includes(chat.actingAs) ? chat.actingAs : (members[0] ?? '')) : page.chat,
  }));
  renderSoon();
}

/** A page of an open chat's messages; the chat is no longer loading when the read fails. */
function readPage(open: OpenChat, before: string | undefined, size: number) {
  return api.chat(open.device.appkey, open.chat, before, size).catch((error: unknown) => {
    updateChat(open.key, () => ({ loading: false }));
    throw error;
  });
}

function lacksNewest(chat: OpenChat): boolean {
  return chat.newest !== undefined && !chat.messages.some((m) => m.id === chat.newest);
}

/**
 * Opens a chat beside those open (or brings it forward), and reads its newest messages. `early`, a page read before
 * the stream carried the chat (a deep link's), is shown at once, and the chat is read again all the same.
 */
export async function openChat(device: DeviceView, chat: string, early?: ChatAnswer): Promise<void> {
  const key = chatKey(device.id, chat);
  const wasOpen = getState().open.some((c) => c.key === key);
  setState((current) => ({ view: 'phone', open: wasOpen ? current.open : [...current.open, newChat(device, chat)] }));
  if (early && !wasOpen) applyPage(key, early, new Set());
  // A chat the stream does not carry yet is read once the stream that carries it is open (live.ts), so that nothing
  // sent in between is missed, and it is read once.
  if (wasOpen || carried.has(streamKey(device.id, chat))) await reloadChat(key);
}

export function closeChat(key: string): void {
  setState((current) => ({ open: current.open.filter((chat) => chat.key !== key) }));
}

/** The page before the oldest message held. */
export async function loadOlder(key: string): Promise<void> {
  const open = getState().open.find((chat) => chat.key === key);
  if (!open?.anterior || open.loading) return;
  updateChat(key, () => ({ loading: true }));
  const page = await readPage(open, open.anterior, PAGE_SIZE);
  updateChat(key, (chat) => ({
    messages: [...page.mensagens, ...chat.messages],
    anterior: page.anterior,
    loading: false,
  }));
  renderSoon();
}

/** A message of an open chat arrived: into that chat, once. */
export function receive(message: ChatMessage & { dispositivo: string }): void {
  const key = chatKey(message.dispositivo, message.chat);
  const open = getState().open.find((chat) => chat.key === key);
  if (open && !open.messages.some((m) => m.id === message.id)) {
    updateChat(key, (chat) => ({ messages: [...chat.messages, message] }));
  }
}

/**
 * A device's chats changed: its list, the unread count (messages from contacts in a chat not open, or while the tab is
 * hidden), and any open chat whose newest message the page does not hold (it was sent while the stream did not carry
 * that chat yet) is read again. Chats the event only counts (a flood) make the list read again once the flood is over.
 */
export function chatsChanged({ dispositivo, conversas, outras }: LiveEventData['chats']): void {
  const state = getState();
  const unseen = conversas
    .filter((change) => document.hidden || !state.open.some((chat) => chat.key === chatKey(dispositivo, change.chat)))
    .reduce((sum, change) => sum + change.recebidas, outras.recebidas);
  if (unseen > 0) setState((s) => ({ unread: s.unread + unseen }));
  const listed = state.chats[dispositivo];
  const updated = listed && withChanges(listed, conversas);
  if (updated) setState((s) => ({ chats: { ...s.chats, [dispositivo]: updated } }));
  if (!updated || outras.conversas > 0) reloadChatsSoon(dispositivo, outras.conversas > 0 ? FLOOD_QUIET_MS : undefined);
  for (const change of conversas) {
    const open = state.open.find((chat) => chat.key === chatKey(dispositivo, change.chat));
    if (!open) continue;
    updateChat(open.key, () => ({ newest: change.ultimaId }));
    const now = getState().open.find((chat) => chat.key === open.key);
    if (now && !now.loading && lacksNewest(now)) attempt(() => reloadChat(open.key));
  }
}

/**
 * A schedule was made or left the pending list: each open chat it goes to shows it pending, or no longer (the message
 * it sent, if it went out, came in the same flush), and the device's list is read again for its counts.
 */
export function scheduleChanged({ dispositivo, chat: chats, agendamento, pendente }: LiveEventData['schedule']): void {
  reloadChatsSoon(dispositivo);
  for (const open of getState().open) {
    if (open.device.id !== dispositivo || !chats.includes(open.chat)) continue;
    updateChat(open.key, (chat) => {
      const others = chat.agendados.filter((pending) => pending.id !== agendamento.id);
      if (!pendente) return { agendados: others };
      return { agendados: [...others, agendamento].sort((a, b) => a.enviaEm.localeCompare(b.enviaEm)) };
    });
  }
}

/** How long a device's chat list waits for more changes before it is read again. */
const CHAT_LIST_DELAY_MS = 300;
/** After a flood (chats only counted), how long the list waits for quiet before it is read again. */
const FLOOD_QUIET_MS = 2000;
const chatListsDue = new Map<string, ReturnType<typeof setTimeout>>();

/** Reads a device's chat list once after a burst of changes, not once for each; `quiet` waits again at each call. */
export function reloadChatsSoon(deviceId: string, quiet?: number): void {
  const due = chatListsDue.get(deviceId);
  if (due !== undefined && quiet === undefined) return;
  clearTimeout(due);
  const timer = setTimeout(() => {
    chatListsDue.delete(deviceId);
    const device = allDevices().find((d) => d.id === deviceId);
    if (device) attempt(() => loadChats(device));
  }, quiet ?? CHAT_LIST_DELAY_MS);
  chatListsDue.set(deviceId, timer);
}

function origin(chat: OpenChat): Record<string, string> {
  return chat.grupo ? { de: chat.actingAs, grupo: chat.chat } : { de: chat.chat };
}

/** Sends `text` as the contact, quoting what the chat quotes now: the state, not the last render, which lags by up to 50 ms. */
export async function sendAsContact(rendered: OpenChat, text: string): Promise<void> {
  const chat = getState().open.find((open) => open.key === rendered.key) ?? rendered;
  const quote = chat.quoting ? { idMensagem: chat.quoting.id } : {};
  await api.inbound(chat.device.appkey, 'text', { ...origin(chat), mensagem: text, ...quote });
  updateChat(chat.key, () => ({ quoting: undefined }));
}

export async function clickButton(chat: OpenChat, message: ChatMessage, buttonId: string): Promise<void> {
  await api.inbound(chat.device.appkey, 'button', { ...origin(chat), idMensagem: message.id, opcao: buttonId });
}

export async function vote(chat: OpenChat, message: ChatMessage, options: string[]): Promise<void> {
  await api.inbound(chat.device.appkey, 'poll_vote', { ...origin(chat), idMensagem: message.id, opcoes: options });
}

export async function react(chat: OpenChat, message: ChatMessage, emoji: string): Promise<void> {
  await api.inbound(chat.device.appkey, 'reaction', { ...origin(chat), idMensagem: message.id, emoji });
}

/** Every message of a chat, oldest first: those held, after the pages before them read from the emulator. */
async function wholeChat(chat: OpenChat): Promise<ChatMessage[]> {
  const older: ChatMessage[][] = [];
  for (let before = chat.anterior; before;) {
    const page = await api.chat(chat.device.appkey, chat.chat, before, PAGE_SIZE);
    older.unshift(page.mensagens);
    before = page.anterior;
  }
  return [...older.flat(), ...chat.messages];
}

/** Downloads the whole chat as a conversation file for `chatbot test` (docs/console.md). */
export async function exportConversation(chat: OpenChat): Promise<void> {
  const file = conversationFile({ appkey: chat.device.appkey, messages: await wholeChat(chat) });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([file], { type: 'application/yaml' }));
  link.download = `conversation-${chat.chat}.yaml`;
  link.click();
  URL.revokeObjectURL(link.href);
}

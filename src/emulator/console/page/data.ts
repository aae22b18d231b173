// What the views do: load what the console shows, open chats, act as the contact; each a control-API call.
import type { ChatMessage, DeviceView } from '../../control/types.js';
import { api } from './api.js';
import { withMessage } from './chat-list.js';
import { conversationFile } from './export/conversation-file.js';
import { allDevices, chatKey, getState, setState, updateChat, type OpenChat } from './store.js';

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

export async function loadAll(): Promise<void> {
  const wereOpen = getState().open.map((chat) => chat.key);
  const [accounts, clock, faults, requests] = await Promise.all([
    api.devices(),
    api.clock(),
    api.faults(),
    api.requests(),
  ]);
  setState({ accounts, clock: { agora: clock.agora, alterado: clock.alterado }, faults, requests, loaded: true });
  const devices = allDevices();
  const attempts = await Promise.all(
    devices.map(async (device) => (await api.attempts(device.appkey)).map((a) => ({ ...a, dispositivo: device.id }))),
  );
  setState({ attempts: attempts.flat() });
  await Promise.all(devices.map(loadChats));
  await Promise.all(wereOpen.map(reloadChat));
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
    actingAs: chat,
    quoting: undefined,
  };
}

/** The newest page of a chat, replacing what the console held of it. */
export async function reloadChat(key: string): Promise<void> {
  const open = getState().open.find((chat) => chat.key === key);
  if (!open) return;
  const page = await api.chat(open.device.appkey, open.chat, undefined, PAGE_SIZE);
  const members = page.grupo?.participantes.map((p) => p.id) ?? [];
  updateChat(key, (chat) => ({
    chat: page.chat,
    grupo: page.grupo,
    messages: page.mensagens,
    anterior: page.anterior,
    agendados: page.agendados,
    loading: false,
    actingAs: page.isGrupo ? (members.includes(chat.actingAs) ? chat.actingAs : (members[0] ?? '')) : page.chat,
  }));
}

/** Opens a chat beside those open (or brings it forward), and reads its newest messages. */
export async function openChat(device: DeviceView, chat: string): Promise<void> {
  const key = chatKey(device.id, chat);
  setState((current) => ({
    view: 'phone',
    open: current.open.some((c) => c.key === key) ? current.open : [...current.open, newChat(device, chat)],
  }));
  await reloadChat(key);
}

export function closeChat(key: string): void {
  setState((current) => ({ open: current.open.filter((chat) => chat.key !== key) }));
}

/** The page before the oldest message held. */
export async function loadOlder(key: string): Promise<void> {
  const open = getState().open.find((chat) => chat.key === key);
  if (!open?.anterior || open.loading) return;
  updateChat(key, () => ({ loading: true }));
  const page = await api.chat(open.device.appkey, open.chat, open.anterior, PAGE_SIZE);
  updateChat(key, (chat) => ({
    messages: [...page.mensagens, ...chat.messages],
    anterior: page.anterior,
    loading: false,
  }));
}

/** A message arrived: into its chat when that is open (once), and into the device's chat list. */
export function receive(message: ChatMessage & { dispositivo: string }): void {
  const key = chatKey(message.dispositivo, message.chat);
  const open = getState().open.find((chat) => chat.key === key);
  if (open && !open.messages.some((m) => m.id === message.id)) {
    updateChat(key, (chat) => ({ messages: [...chat.messages, message] }));
  }
  if (message.direction === 'in' && (document.hidden || !open)) setState((s) => ({ unread: s.unread + 1 }));
  const listed = getState().chats[message.dispositivo];
  const updated = listed && withMessage(listed, message);
  if (updated) setState((s) => ({ chats: { ...s.chats, [message.dispositivo]: updated } }));
  else reloadChatsSoon(message.dispositivo);
}

/** How long a device's chat list waits for more messages before it is read again. */
const CHAT_LIST_DELAY_MS = 300;
const chatListsDue = new Set<string>();

/** Reads a device's chat list once after a burst of changes, not once for each. */
export function reloadChatsSoon(deviceId: string): void {
  if (chatListsDue.has(deviceId)) return;
  chatListsDue.add(deviceId);
  setTimeout(() => {
    chatListsDue.delete(deviceId);
    const device = allDevices().find((d) => d.id === deviceId);
    if (device) attempt(() => loadChats(device));
  }, CHAT_LIST_DELAY_MS);
}

function origin(chat: OpenChat): Record<string, string> {
  return chat.grupo ? { de: chat.actingAs, grupo: chat.chat } : { de: chat.chat };
}

/** The contact (or the group member the console writes as) sends a text, quoting a message when one is chosen. */
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

// What the views do: open chats, read older messages, act as the contact; each a control-API call. What the console
// shows comes from the live stream (live.ts), not from reads here.
import type { ChatAnswer, ChatMessage, DeviceView } from '../../control/types.js';
import { api } from './api.js';
import { refusedIn } from './deliveries.js';
import { conversationFile } from './export/conversation-file.js';
import { chatKey, getState, newChat, renderSoon, setState, updateChat, type OpenChat } from './store.js';
import { withPage } from './sync.js';

export const PAGE_SIZE = 500;

export function notify(error: unknown): void {
  setState({ notice: error instanceof Error ? error.message : String(error) });
}

/** Runs an action (at once); its failure, thrown or rejected, becomes the notice the page shows. */
export function attempt(action: () => unknown): void {
  try {
    Promise.resolve(action()).catch(notify);
  } catch (error) {
    notify(error);
  }
}

export async function loadChats(device: DeviceView): Promise<void> {
  const chats = await api.chats(device.appkey);
  setState((current) => ({ chats: { ...current.chats, [device.id]: chats } }));
}

export function openChat(device: DeviceView, chat: string, early?: ChatAnswer): void {
  const key = chatKey(device.id, chat);
  setState((current) => {
    if (current.open.some((c) => c.key === key)) return { view: 'phone' };
    const opened = newChat(device, chat);
    return { view: 'phone', open: [...current.open, early ? withPage(opened, early) : opened] };
  });
  if (early) renderSoon();
}

export function closeChat(key: string): void {
  setState((current) => ({ open: current.open.filter((chat) => chat.key !== key) }));
}

/** The page before the oldest message held (unless the chat was replaced while it was read: a snapshot came). */
export async function loadOlder(key: string): Promise<void> {
  const open = getState().open.find((chat) => chat.key === key);
  if (!open?.anterior || open.loading) return;
  const before = open.anterior;
  updateChat(key, () => ({ loading: true }));
  const page = await api.chat(open.device.appkey, open.chat, before, PAGE_SIZE).finally(() => {
    updateChat(key, () => ({ loading: false }));
  });
  updateChat(key, (chat) =>
    chat.anterior === before ? { messages: [...page.mensagens, ...chat.messages], anterior: page.anterior } : {},
  );
  renderSoon();
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

/** Downloads the whole chat as a conversation file for `chatbot test` (docs/console.md); `name`: the contact's. */
export async function exportConversation(chat: OpenChat, name: string): Promise<void> {
  const file = conversationFile({
    device: chat.device.nome,
    messages: await wholeChat(chat),
    contact: { name, number: chat.chat },
    emulatorUrl: location.origin,
    webhook: chat.device.webhook,
    refused: refusedIn(getState().requests, chat.device.id, chat.chat).length,
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([file], { type: 'application/yaml' }));
  link.download = `conversation-${chat.chat}.yaml`;
  link.click();
  URL.revokeObjectURL(link.href);
}

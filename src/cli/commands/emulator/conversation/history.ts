// A device's conversation so far, both ways: every chat (or the one asked for) read a page at a time through the
// control API's chat routes, merged in the emulator's time order, with the schedules still waiting to go out.
import { UnexpectedAnswer } from '../../../../errors.js';
import type { ChatMessage, EmulatorControl, PendingSchedule } from '../../../../api/emulator-control.js';

/** The largest page the chat route gives. */
const PAGE = 500;

export interface Pending {
  schedule: PendingSchedule;
  /** The chats it goes out to. */
  chats: string[];
}

export interface Conversation {
  messages: ChatMessage[];
  pending: Pending[];
}

async function chatsOf(control: EmulatorControl, appkey: string): Promise<string[]> {
  const body = await control.chats({ appkey });
  if (!Array.isArray(body.conversas)) throw new UnexpectedAnswer('the chats answer has no conversas');
  return body.conversas.map((summary) => summary.chat);
}

/** One chat from its first message, and its pending schedules. */
async function wholeChat(
  control: EmulatorControl,
  appkey: string,
  chat: string,
): Promise<{ messages: ChatMessage[]; pending: PendingSchedule[] }> {
  const pages: ChatMessage[][] = [];
  let before: string | undefined;
  let pending: PendingSchedule[] = [];
  do {
    const page = await control.chat({ appkey, chat, limit: PAGE, ...(before === undefined ? {} : { before }) });
    if (!Array.isArray(page.mensagens)) throw new UnexpectedAnswer('the chat answer has no mensagens');
    pages.unshift(page.mensagens);
    pending = page.agendados ?? pending;
    before = page.anterior ?? undefined;
  } while (before !== undefined);
  return { messages: pages.flat(), pending };
}

/** The emulator's order: time, then what a contact sent before what the device sent in the same millisecond. */
function byTime(a: ChatMessage, b: ChatMessage): number {
  const at = Date.parse(a.timestamp) - Date.parse(b.timestamp);
  if (at !== 0) return at;
  return a.direction === b.direction ? 0 : a.direction === 'in' ? -1 : 1;
}

/** A schedule to several chats is listed once, with all of them. */
function pendingOnce(perChat: { chat: string; pending: PendingSchedule[] }[]): Pending[] {
  const byId = new Map<string, Pending>();
  for (const { chat, pending } of perChat) {
    for (const schedule of pending) {
      const known = byId.get(schedule.id);
      if (known) known.chats.push(chat);
      else byId.set(schedule.id, { schedule, chats: [chat] });
    }
  }
  return [...byId.values()].sort((a, b) => Date.parse(a.schedule.enviaEm) - Date.parse(b.schedule.enviaEm));
}

/** The conversation of the device of `appkey`, with one chat (`to`: digits, a group id) or all of them. */
export async function readConversation(
  control: EmulatorControl,
  appkey: string,
  to: string | undefined,
): Promise<Conversation> {
  const chats = to === undefined ? await chatsOf(control, appkey) : [to];
  const read = [];
  for (const chat of chats) read.push({ chat, ...(await wholeChat(control, appkey, chat)) });
  return { messages: read.flatMap((chat) => chat.messages).sort(byTime), pending: pendingOnce(read) };
}

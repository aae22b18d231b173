// A console deep link, `/?device=<device id>&contact=<chat>`, read the same way by the page (which opens that chat)
// and by the emulator, which puts the page's first two reads in the page it answers (routes.ts): the devices and the
// chat's newest messages, as the control API answers them, so that the first frame draws the chat.
import type { ChatAnswer, DevicesAnswer } from '../control/types.js';
import { normalizeChat } from '../rules/recipients.js';

/** A chat opens with its newest messages only: enough to fill the screen, read and shown at once. */
export const FIRST_PAGE_SIZE = 100;

/** The id of the page's element that holds its first reads (JSON). */
export const FIRST_READS_ID = 'first-reads';

/** The page's first reads, as the control API answers them (`GET /__emulator/devices`, `GET /__emulator/chat`). */
export interface FirstReads {
  devices: DevicesAnswer;
  /** A deep link's chat, its newest messages; null without a deep link, or when its device is not in the emulator. */
  chat: ChatAnswer | null;
  /** The emulator's time zone (its `tz`): the page shows every time in it. */
  fuso: string;
}

export interface DeepLink {
  deviceId: string;
  /** The chat as the emulator names it: a number's digits (a JID becomes its digits), a group id, or status posts. */
  contact: string;
}

/**
 * The deep link of a page's query: undefined when there is none; `given` alone when its contact is neither a number,
 * a group nor status posts.
 */
export function readDeepLink(query: URLSearchParams): DeepLink | { given: string } | undefined {
  const deviceId = query.get('device');
  const given = query.get('contact');
  if (!deviceId || !given) return undefined;
  const contact = normalizeChat(given);
  return contact ? { deviceId, contact } : { given };
}

/** The query of the deep link's chat read (`GET /__emulator/chat`): its newest page, the device named by its id. */
export function deepLinkChatQuery({ deviceId, contact }: DeepLink): Record<string, string> {
  return { dispositivo: deviceId, chat: contact, limit: String(FIRST_PAGE_SIZE) };
}

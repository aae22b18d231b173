// A console deep link, `/?device=<device id>&contact=<chat>`, read the same way by the page (which opens that chat)
// and by the emulator, which names the page's first two reads for it in the Link header of `/` (rel=preload): the
// browser fetches them beside the page's script, and the page's own requests for the same addresses take them.
import { normalizeChat } from '../rules/recipients.js';

/** A chat opens with its newest messages only: enough to fill the screen, read and shown at once. */
export const FIRST_PAGE_SIZE = 100;

export const DEVICES_PATH = '/__emulator/devices';

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

/** The newest page of the deep link's chat, the device named by its id. */
export function deepLinkChatPath({ deviceId, contact }: DeepLink): string {
  const query = new URLSearchParams({ dispositivo: deviceId, chat: contact, limit: String(FIRST_PAGE_SIZE) });
  return `/__emulator/chat?${query.toString()}`;
}

/** The Link header of the page at a deep link: its first reads, to be fetched beside the script. */
export function deepLinkPreloads(link: DeepLink): string {
  return [DEVICES_PATH, deepLinkChatPath(link)]
    .map((path) => `<${path}>; rel=preload; as=fetch; crossorigin`)
    .join(', ');
}

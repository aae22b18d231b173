// Replies that are a page (HTML, SVG) instead of JSON: the pairing link's QR page and profile pictures.
import type { Reply } from './reply.js';

export const PAGE = Symbol('page');

export interface Page {
  contentType: string;
  body: string;
}

export interface PageReply extends Reply {
  [PAGE]: Page;
}

export function pageReply(status: number, contentType: string, body: string): PageReply {
  return { status, [PAGE]: { contentType, body } };
}

export function pageOf(reply: Reply): Page | undefined {
  return (reply as Partial<PageReply>)[PAGE];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** decodeURIComponent that yields undefined for malformed escapes instead of throwing. */
export function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

// GET /foto/<chat>.svg: the placeholder profile picture `obterImagem` points to.
import { EmulatorError } from '../../http/reply.js';
import { escapeHtml, pageReply, safeDecode, type PageReply } from '../../http/pages.js';
import { normalizeRecipient } from '../../rules/recipients.js';

export const PICTURE_NOT_FOUND = 'Imagem não encontrada.';
export const PICTURE_PATH = '/foto/';

/** The chat as `obterImagem` hands it out (digits or group id); anything else is 404. */
export function picturePage(path: string): PageReply {
  const name = safeDecode(/^\/foto\/([^/]+)\.svg$/.exec(path)?.[1] ?? '');
  const chat = name === undefined ? undefined : normalizeRecipient(name);
  if (chat === undefined || chat !== name) throw new EmulatorError(404, PICTURE_NOT_FOUND);
  const label = escapeHtml(chat.replace(/@.*$/, '').slice(-4));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#25d366"/>` +
    `<text x="48" y="56" font-size="24" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return pageReply(200, 'image/svg+xml', svg);
}

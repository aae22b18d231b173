// GET /conectar/<token>: the page behind a GerenciarLinks link — the device's current QR, or that it is connected.
import type { Ctx } from '../context.js';
import { EmulatorError } from '../../http/reply.js';
import { escapeHtml, pageReply, type PageReply } from '../../http/pages.js';
import { newPairingRef } from '../../rules/ids.js';
import { pairingQrContent, qrDataUrl } from '../qrcode/qr.js';
import type { Store } from '../../store/db.js';
import { findDeviceById, settleAutoConnect } from '../../store/devices.js';
import { PAIR_LINK_PATH } from './connect.js';

const HTML = 'text/html; charset=utf-8';
export const LINK_NOT_FOUND = 'Link de conexão não encontrado.';

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
  );
}

export async function pairPage(store: Store, path: string, ctx: Ctx): Promise<PageReply> {
  const token = path.slice(PAIR_LINK_PATH.length);
  const row = store.sql('SELECT device_id FROM pair_links WHERE token = ?').get(token) as
    { device_id: string } | undefined;
  settleAutoConnect(store, ctx.now());
  const device = row && findDeviceById(store, row.device_id);
  if (!device) throw new EmulatorError(404, LINK_NOT_FOUND);
  if (device.conectado === 1) return pageReply(200, HTML, page(device.nome, '<p>Dispositivo conectado.</p>'));
  const qr = await qrDataUrl(pairingQrContent(device.id, newPairingRef()));
  return pageReply(
    200,
    HTML,
    page(device.nome, `<p>Escaneie o QR Code com o celular.</p><img alt="QR Code" src="${qr}">`),
  );
}

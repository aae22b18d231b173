// GET /__emulator/devices and GET /__emulator/pairing: every account with its devices, and a device's pairing QR
// (an SVG of the content pairDevice's QR carries) and 8-digit code while it is not connected.
import QRCode from 'qrcode';
import type { Ctx } from '../operations/context.js';
import { pairingQrContent } from '../operations/qrcode/qr.js';
import type { Fields } from '../rules/fields.js';
import { newPairingRef } from '../rules/ids.js';
import { accountsView, deviceView } from '../store/account-list.js';
import type { Store } from '../store/db.js';
import { controlDevice } from './fields.js';
import type { DevicesAnswer, PairingAnswer } from './types.js';

export function devicesRoute(store: Store, _fields: Fields, ctx: Ctx): DevicesAnswer {
  return { status: 200, contas: accountsView(store, ctx.now()) };
}

/** A fresh QR each time (as pairDevice and the pairing link give), and the pairing code, while not connected. */
export async function pairingRoute(store: Store, fields: Fields, ctx: Ctx): Promise<PairingAnswer> {
  const device = controlDevice(store, fields);
  const view = deviceView(device, ctx.now());
  if (view.conectado) return { status: 200, dispositivo: device.id, conectado: true, qr: null, codigo: null };
  const conteudo = pairingQrContent(device.id, newPairingRef());
  const svg = await QRCode.toString(conteudo, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { status: 200, dispositivo: device.id, conectado: false, qr: { conteudo, svg }, codigo: view.codigo };
}

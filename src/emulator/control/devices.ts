// GET /__emulator/devices and GET /__emulator/pairing: every account with its devices, and a device's pairing QR
// (an SVG of the content pairDevice's QR carries) and 8-digit code while it is not connected.
import QRCode from 'qrcode';
import type { Ctx } from '../operations/context.js';
import { pairingQrContent } from '../operations/qrcode/qr.js';
import type { Fields } from '../rules/fields.js';
import { newPairingRef } from '../rules/ids.js';
import type { Store } from '../store/db.js';
import { controlDevice } from './fields.js';
import type { AccountView, DevicesAnswer, DeviceView, PairingAnswer } from './types.js';

interface AccountRow {
  id: number;
  nome: string;
  email: string;
  authkey: string;
}

interface DeviceListRow {
  id: string;
  account_id: number;
  nome: string;
  appkey: string;
  telefone: string;
  webhook: string;
  conectado: number;
  connect_due_at: number | null;
  pairing_code: string | null;
}

/** Connected, or past its autoConnect moment (which the store settles only when something reads it). */
function isConnected(row: Pick<DeviceListRow, 'conectado' | 'connect_due_at'>, now: number): boolean {
  return row.conectado === 1 || (row.connect_due_at !== null && row.connect_due_at <= now);
}

function deviceView(row: DeviceListRow, now: number): DeviceView {
  const conectado = isConnected(row, now);
  return {
    id: row.id,
    nome: row.nome,
    appkey: row.appkey,
    telefone: row.telefone,
    webhook: row.webhook,
    conectado,
    codigo: conectado ? null : row.pairing_code,
  };
}

/** Every account, oldest first, each with its devices in pairing order. */
export function accountsView(store: Store, now: number): AccountView[] {
  const accounts = store.sql('SELECT id, nome, email, authkey FROM accounts ORDER BY id').all() as AccountRow[];
  const devices = store
    .sql(
      `SELECT id, account_id, nome, appkey, telefone, webhook, conectado, connect_due_at, pairing_code FROM devices
       ORDER BY rowid`,
    )
    .all() as DeviceListRow[];
  return accounts.map((account) => ({
    ...account,
    dispositivos: devices.filter((d) => d.account_id === account.id).map((d) => deviceView(d, now)),
  }));
}

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

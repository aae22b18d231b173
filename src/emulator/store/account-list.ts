// Every account with its devices, as the control API lists them (GET /__emulator/devices, the live stream's
// snapshot and its `devices` events): a store read, kept below control/ and live/, which both show it.
import type { AccountView, DeviceView } from '../control/types.js';
import type { Store } from './db.js';

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

/** A device as the control API shows it: connected or not (autoConnect settled by the clock), its code while not. */
export function deviceView(row: DeviceListRow, now: number): DeviceView {
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

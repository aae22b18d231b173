// Devices: one per pairing; the appkey names it for messaging calls.
import type { Store } from './db.js';

export interface DeviceRow {
  id: string;
  account_id: number;
  appkey: string;
  nome: string;
  telefone: string;
  webhook: string;
  conectado: number;
  connect_due_at: number | null;
  webhook_chat: number;
  webhook_grupo: number;
  pairing_code: string | null;
  paired_at: number;
  created_at: number;
}

/** The device of a pairing appkey or of an extra appkey made with `criarApp`. */
export function findDeviceByAppkey(store: Store, appkey: string): DeviceRow | undefined {
  return (store.sql('SELECT * FROM devices WHERE appkey = ?').get(appkey) ??
    store.sql('SELECT d.* FROM appkeys a JOIN devices d ON d.id = a.device_id WHERE a.appkey = ?').get(appkey)) as
    DeviceRow | undefined;
}

export function findDeviceById(store: Store, id: string): DeviceRow | undefined {
  return store.sql('SELECT * FROM devices WHERE id = ?').get(id) as DeviceRow | undefined;
}

export function listAccountDevices(store: Store, accountId: number): DeviceRow[] {
  return store.sql('SELECT * FROM devices WHERE account_id = ? ORDER BY rowid').all(accountId) as DeviceRow[];
}

/** Devices of the account whose id, appkey or name equals the reference (id matches first). */
export function findAccountDevices(store: Store, accountId: number, reference: string): DeviceRow[] {
  const byKey = store
    .sql('SELECT * FROM devices WHERE account_id = ? AND (id = ? OR appkey = ?) ORDER BY rowid')
    .all(accountId, reference, reference) as DeviceRow[];
  if (byKey.length > 0) return byKey.slice(0, 1);
  const byExtraKey = findDeviceByAppkey(store, reference);
  if (byExtraKey?.account_id === accountId) return [byExtraKey];
  return store
    .sql('SELECT * FROM devices WHERE account_id = ? AND nome = ? ORDER BY rowid')
    .all(accountId, reference) as DeviceRow[];
}

export function insertDevice(store: Store, device: DeviceRow): void {
  store
    .sql(
      `INSERT INTO devices (id, account_id, appkey, nome, telefone, webhook, conectado, connect_due_at,
         webhook_chat, webhook_grupo, pairing_code, paired_at, created_at)
       VALUES (@id, @account_id, @appkey, @nome, @telefone, @webhook, @conectado, @connect_due_at,
         @webhook_chat, @webhook_grupo, @pairing_code, @paired_at, @created_at)`,
    )
    .run(device);
}

/** A new pairing of an existing device: disconnected again, new code, webhook/phone replaced when given. */
export function repairDevice(
  store: Store,
  id: string,
  change: {
    telefone?: string;
    webhook?: string;
    pairing_code: string | null;
    paired_at: number;
    connect_due_at: number | null;
  },
): void {
  store
    .sql(
      `UPDATE devices SET conectado = 0, webhook_chat = 1, webhook_grupo = 1, pairing_code = @pairing_code, paired_at = @paired_at,
         connect_due_at = @connect_due_at, telefone = COALESCE(@telefone, telefone), webhook = COALESCE(@webhook, webhook)
       WHERE id = @id`,
    )
    .run({
      id,
      telefone: change.telefone ?? null,
      webhook: change.webhook ?? null,
      pairing_code: change.pairing_code,
      paired_at: change.paired_at,
      connect_due_at: change.connect_due_at,
    });
}

export function setConnected(store: Store, id: string, connected: boolean, telefone?: string): void {
  store
    .sql('UPDATE devices SET conectado = ?, connect_due_at = NULL, telefone = COALESCE(?, telefone) WHERE id = ?')
    .run(connected ? 1 : 0, telefone ?? null, id);
}

/** Devices whose autoConnect moment has passed become connected; called before anything reads `conectado`. */
export function settleAutoConnect(store: Store, now: number): void {
  store
    .sql(
      'UPDATE devices SET conectado = 1, connect_due_at = NULL WHERE connect_due_at IS NOT NULL AND connect_due_at <= ?',
    )
    .run(now);
}

export function setDeviceName(store: Store, id: string, nome: string): void {
  store.sql('UPDATE devices SET nome = ? WHERE id = ?').run(nome, id);
}

/** A new webhook address (`''`: none); the connection and the switches stay as they are. */
export function setDeviceWebhook(store: Store, id: string, webhook: string): void {
  store.sql('UPDATE devices SET webhook = ? WHERE id = ?').run(webhook, id);
}

export function setWebhookSwitch(store: Store, id: string, kind: 'chat' | 'grupo', enabled: boolean): void {
  const column = kind === 'chat' ? 'webhook_chat' : 'webhook_grupo';
  store.sql(`UPDATE devices SET ${column} = ? WHERE id = ?`).run(enabled ? 1 : 0, id);
}

export function deleteDeviceRow(store: Store, id: string): void {
  store.sql('DELETE FROM devices WHERE id = ?').run(id);
}

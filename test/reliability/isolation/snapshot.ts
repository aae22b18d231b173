// Everything A's own keys can read about A, plus A's rows in the emulator's database, to compare before and after
// B's attempts. Volatile fields are none: deliveries are settled first, and nothing else changes by itself.
import { openDatabase } from '../../../src/emulator/store/sqlite.js';
import { CONTACT } from '../../emulator/e2e/helpers/fixtures.js';
import { expectOk, getJson, postJson, type Body } from '../../emulator/e2e/helpers/http.js';
import type { Party } from './world.js';

export interface Snapshot {
  api: Record<string, unknown>;
  rows: Record<string, unknown[]>;
}

async function read(url: string, path: string, body: Record<string, unknown>): Promise<Body> {
  return expectOk(await postJson(url, path, body));
}

async function control(url: string, route: string, appkey: string): Promise<Body> {
  return expectOk(await getJson(url, `/__emulator/${route}?appkey=${encodeURIComponent(appkey)}`));
}

/** What A sees through the service (groupInfo, groupInvite, userStatus, listDevices, checkDevice) and the control API (outbox, webhook queue). */
async function apiView(url: string, a: Party): Promise<Record<string, unknown>> {
  return {
    devices: (await read(url, '/api/developer', { authkey: a.authkey, message: false, dispositivos: true }))
      .dispositivos,
    device: (await read(url, '/api/developer', { authkey: a.authkey, message: a.deviceId, checkDispositivo: true }))
      .dispositivo,
    group: (await read(url, '/api/groups', { ...a.keys, message: false, infoConvite: a.groupId })).grupo,
    invite: (await read(url, '/api/groups', { ...a.keys, message: false, obterConvite: a.groupId })).convite,
    userStatus: (await read(url, '/api/settings', { ...a.keys, to: CONTACT, message: false, obterStatus: true }))
      .userStatus,
    outbox: (await control(url, 'outbox', a.appkey)).mensagens,
    webhooks: (await control(url, 'webhooks', a.appkey)).entregas,
  };
}

/** Owner columns, whatever the tables: a row is A's when it names A's account or A's device. */
function ownedBy(table: string, row: Record<string, unknown>, accountId: number, deviceId: string): boolean {
  if (row.account_id === accountId || row.device_id === deviceId) return true;
  return (table === 'accounts' && row.id === accountId) || (table === 'devices' && row.id === deviceId);
}

/** A's rows in every table of the emulator's SQLite file, read through a separate read-only connection. */
export function ownRows(dbFile: string, a: Party): Record<string, unknown[]> {
  const db = openDatabase(dbFile, { readonly: true });
  try {
    const account = db.prepare('SELECT id FROM accounts WHERE authkey = ?').get(a.authkey) as
      { id: number } | undefined;
    if (!account) throw new Error(`account ${a.who} is not in ${dbFile}`);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => {
        const rows = db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[];
        return [name, rows.filter((row) => ownedBy(name, row, account.id, a.deviceId))];
      }),
    );
  } finally {
    db.close();
  }
}

export async function snapshot(url: string, dbFile: string, a: Party): Promise<Snapshot> {
  return { api: await apiView(url, a), rows: ownRows(dbFile, a) };
}

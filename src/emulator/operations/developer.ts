// E20 (delete device), E21 (list devices), E22 (device status): account-level calls with authkey only.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../http/reply.js';
import { NO_DEVICE } from '../rules/service-errors.js';
import type { Fields } from '../rules/fields.js';
import type { AccountRow } from '../store/accounts.js';
import type { Store } from '../store/db.js';
import {
  deleteDeviceRow,
  findAccountDevices,
  listAccountDevices,
  settleAutoConnect,
  type DeviceRow,
} from '../store/devices.js';
import { authenticate, requireAll, requireFlag } from './access.js';

export const AMBIGUOUS_NAME = 'Mais de um dispositivo com este nome; use o ID do dispositivo.';

/** The account's device named by id, appkey or name; 404 when none, 409 when a name is shared. */
export function deviceByReference(store: Store, account: AccountRow, reference: string): DeviceRow {
  const found = findAccountDevices(store, account.id, reference);
  if (found.length === 0) throw new EmulatorError(404, NO_DEVICE);
  if (found.length > 1) throw new EmulatorError(409, AMBIGUOUS_NAME);
  return found[0] as DeviceRow;
}

export function deleteDevice(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'apagarDispositivo', true);
  const { authkey, message } = requireAll(fields, ['authkey', 'message']);
  const account = authenticate(store, authkey, ctx);
  store.tx(() => deleteDeviceRow(store, deviceByReference(store, account, message).id));
  return { status: 200, message: 'Dispositivo apagado com sucesso.' };
}

export function listDevices(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'dispositivos', true);
  requireFlag(fields, 'message', false);
  const { authkey } = requireAll(fields, ['authkey']);
  const account = authenticate(store, authkey, ctx);
  const devices = listAccountDevices(store, account.id);
  if (devices.length === 0) throw new EmulatorError(404, NO_DEVICE);
  const dispositivos = devices.map((d) => ({
    id: d.id,
    nome: d.nome,
    telefone: d.telefone,
    webhook: d.webhook,
    authkey: account.authkey,
  }));
  return { status: 200, dispositivos };
}

export function checkDevice(store: Store, fields: Fields, ctx: Ctx): Reply {
  requireFlag(fields, 'checkDispositivo', true);
  const { authkey, message } = requireAll(fields, ['authkey', 'message']);
  const account = authenticate(store, authkey, ctx);
  settleAutoConnect(store, ctx.now());
  const d = deviceByReference(store, account, message);
  return {
    status: 200,
    dispositivo: { id: d.id, nome: d.nome, telefone: d.telefone, webhook: d.webhook, conectado: d.conectado === 1 },
  };
}

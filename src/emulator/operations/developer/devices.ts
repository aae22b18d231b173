// The account's devices, by authkey alone: delete one, list them, check one.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../../http/reply.js';
import { NO_DEVICE } from '../../rules/service-errors.js';
import type { Fields } from '../../rules/fields.js';
import type { Store } from '../../store/db.js';
import { deleteDeviceRow, listAccountDevices, settleAutoConnect } from '../../store/devices.js';
import { accountLabel, authenticate, deviceByReference, requireAll, requireFlag } from '../access.js';

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
  if (devices.length === 0)
    throw new EmulatorError(404, NO_DEVICE).because(`account ${accountLabel(account)} has no device`);
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

// Finding the device a pairing created. The seed lets checkDevice take a device id or name; a service may name the
// device after its appkey (the emulator does), and otherwise the list before and after the pairing tells.
import type { ServiceApi } from '../../../api/service.js';
import type { Device } from '../../../api/types.js';
import { ApiError } from '../../../errors.js';
import { devicesOrEmpty } from '../../shared/devices.js';

/** Ids of the account's devices, taken before pairing so the new one can be told apart. */
export async function deviceIds(api: ServiceApi, authkey: string): Promise<Set<string>> {
  return new Set((await devicesOrEmpty(() => api.listDevices(authkey))).map((d) => d.id));
}

async function fromList(
  api: ServiceApi,
  authkey: string,
  appkey: string,
  before?: Set<string>,
): Promise<Device | undefined> {
  const devices = await devicesOrEmpty(() => api.listDevices(authkey));
  const named = devices.find((d) => d.nome === appkey || d.id === appkey);
  if (named) return named;
  const added = before ? devices.filter((d) => !before.has(d.id)) : [];
  return added.length === 1 ? added[0] : undefined;
}

/** The paired device as checkDevice reports it (id, nome, conectado). */
export async function locateDevice(
  api: ServiceApi,
  authkey: string,
  appkey: string,
  before?: Set<string>,
): Promise<Device> {
  try {
    return (await api.checkDevice(authkey, appkey)).dispositivo;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    const listed = await fromList(api, authkey, appkey, before);
    if (!listed) throw error;
    return (await api.checkDevice(authkey, listed.id)).dispositivo;
  }
}

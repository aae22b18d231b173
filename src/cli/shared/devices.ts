// What the service says about the account's devices: the list (its 404 is an empty list) and whether one is connected.
import { ApiError } from '../../errors.js';
import type { Device } from '../../api/types.js';

/** listDevices answers 404 for an account without devices: that is an empty list, not a failure. */
export async function devicesOrEmpty<T>(list: () => Promise<{ dispositivos?: T[] }>): Promise<T[]> {
  try {
    return (await list()).dispositivos ?? [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** True when checkDevice's `conectado` says connected (a boolean by the seed; "true" and 1 are accepted too). */
export function isConnected(device: Device): boolean {
  const value: unknown = device.conectado;
  return value === true || value === 'true' || value === 1 || value === '1';
}

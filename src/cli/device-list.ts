// The account's device list, where "no devices" (the service's 404) is an empty list rather than a failure.
import { ApiError } from '../errors.js';

/** E21 answers 404 for an account without devices: that is an empty list, not a failure. */
export async function devicesOrEmpty<T>(list: () => Promise<{ dispositivos?: T[] }>): Promise<T[]> {
  try {
    return (await list()).dispositivos ?? [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

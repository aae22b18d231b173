// Whether pair talks to the local emulator, where a device can be linked without a phone.
import type { RequesterConfig } from '../../../api/request.js';
import { isLoopbackHost } from '../../../url.js';
import { answersEmulatorHealth } from '../../shared/emulator-health.js';

/** True for a base URL on this machine (the emulator's usual place). */
export function isLoopback(baseUrl: string): boolean {
  try {
    return isLoopbackHost(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

export async function isEmulator(baseUrl: string, dispatcher?: RequesterConfig['dispatcher']): Promise<boolean> {
  return isLoopback(baseUrl) || (await answersEmulatorHealth(baseUrl, dispatcher));
}

/** The hint printed after pairing against the emulator. */
export function emulatorHint(deviceName: string, waiting: boolean): string {
  const where = waiting ? 'from another terminal' : 'when you are ready';
  return `No phone needed with the emulator: link the device ${where} with \`chatbot emulator connect ${deviceName}\``;
}

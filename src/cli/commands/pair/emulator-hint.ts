// Whether pair talks to the local emulator, where a device can be linked without a phone.
import type { RequesterConfig } from '../../../api/request.js';
import { VERSION } from '../../../version.js';
import { isLoopbackHost } from '../../../url.js';

/** True for a base URL on this machine (the emulator's usual place). */
export function isLoopback(baseUrl: string): boolean {
  try {
    return isLoopbackHost(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

/** True when the service answers the emulator's health route (an emulator elsewhere, e.g. in a container). */
export async function answersEmulatorHealth(
  baseUrl: string,
  dispatcher?: RequesterConfig['dispatcher'],
): Promise<boolean> {
  try {
    const { createRequester } = await import('../../../api/request.js');
    const request = createRequester({
      baseUrl,
      timeoutMs: 1500,
      userAgent: `chatbot/${VERSION}`,
      retryDelaysMs: [],
      ...(dispatcher ? { dispatcher } : {}),
    });
    return (await request('/__emulator/health')).status === 200;
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

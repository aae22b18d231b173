// Waiting for the phone to link the new device: polls checkDevice with backoff, a spinner on a terminal, Ctrl-C aware.
import type { ServiceApi } from '../../../api/service.js';
import type { Device } from '../../../api/types.js';
import type { DeviceRef } from '../../../config/store.js';
import { InterruptedError, TimeoutError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { pollUntil } from '../../wait/backoff.js';
import type { Spinner } from '../../../output/spinner.js';
import { isConnected } from '../../shared/devices.js';
import { describeDevice, deviceLabel } from '../../shared/device-records.js';

function progress(ctx: Context, seconds: number, deadline: number): Spinner | undefined {
  if (ctx.out.json) return undefined;
  if (!ctx.out.stderrIsTTY) {
    ctx.out.info(`Waiting up to ${seconds} s for the phone to link the device (Ctrl-C stops waiting)…`);
    return undefined;
  }
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  return ctx.out.spinner(() => `Waiting for the phone to link the device… ${left()} s left (Ctrl-C to stop)`);
}

/** How to find the device again later, for the messages of a wait that did not end connected. */
export function checkLater(device: DeviceRef): string {
  return `\`chatbot devices check ${deviceLabel(device)}\` confirms it and makes it current (when the profile has no current device)`;
}

/** Polls until the device is connected; TimeoutError (exit 7) after `seconds`, InterruptedError (130) on Ctrl-C. */
export async function waitForConnection(
  ctx: Context,
  api: ServiceApi,
  authkey: string,
  device: DeviceRef,
  seconds: number,
): Promise<Device> {
  const interrupt = ctx.run.catchInterrupt();
  const spinner = progress(ctx, seconds, Date.now() + seconds * 1000);
  let result;
  try {
    result = await pollUntil({
      attempt: async () => {
        const { dispositivo } = await api.checkDevice(authkey, device.id);
        return isConnected(dispositivo) ? dispositivo : undefined;
      },
      timeoutMs: seconds * 1000,
      signal: interrupt.signal,
    });
  } finally {
    spinner?.stop();
    interrupt.release();
  }
  if (result.outcome === 'done') return result.value;
  if (result.outcome === 'interrupted') {
    ctx.out.info(
      `Stopped waiting. Device ${describeDevice(device)} stays paired but is not the current device; ${checkLater(device)}.`,
    );
    throw new InterruptedError('Interrupted while waiting for the device to connect');
  }
  throw new TimeoutError(
    `Device ${describeDevice(device)} did not connect within ${seconds} s. It stays paired: once the phone links it, ${checkLater(device)}; or pair again allowing longer with --wait-timeout SECONDS`,
  );
}

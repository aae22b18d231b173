// dev's follower: the device's messages both ways (as `emulator outbox --follow` shows them), the requests the bot
// made and the webhook deliveries to it, from the emulator's live events, until the signal aborts or the emulator's
// state is erased (then the session is made again).
import type { EmulatorControl } from '../../../../api/emulator-control.js';
import type { Context } from '../../../context.js';
import { followDevice } from '../conversation/follow.js';
import type { DevSink } from './sink.js';
import { loggedKey, RequestFilter, type RequestEntry } from './traffic.js';

export interface Followed {
  baseUrl: string;
  appkey: string;
  /** The account's authkey: a refused request with it and another device's appkey is the bot's. */
  authkey: string;
  signal: AbortSignal;
  /** Once the stream is open and the conversation so far read: from then on everything shows. */
  ready(): void;
}

function appkeysOf(accounts: readonly { dispositivos: readonly { appkey: string }[] }[] | undefined): string[] {
  return (accounts ?? []).flatMap((account) => account.dispositivos.map((device) => device.appkey));
}

/** Resolves 'reset' when the emulator's state was erased or replaced (the device is gone), else when `signal` aborts. */
export async function followTraffic(
  ctx: Context,
  control: EmulatorControl,
  followed: Followed,
  sink: DevSink,
): Promise<'reset' | 'stopped'> {
  const filter = new RequestFilter({ appkey: loggedKey(followed.appkey), authkey: loggedKey(followed.authkey) });
  filter.devices(appkeysOf((await control.devices()).contas));
  const erased = new AbortController();
  const signal = AbortSignal.any([followed.signal, erased.signal]);
  // A request with an appkey not known yet waits for the devices list read again (the `devices` event of a device
  // made since may come after its first request); requests keep their order.
  let requests = Promise.resolve();
  const request = (entry: RequestEntry) => {
    requests = requests.then(async () => {
      if (filter.isUnknown(entry)) {
        filter.devices(appkeysOf((await control.devices().catch(() => undefined))?.contas));
      }
      if (filter.isBots(entry)) sink.request(entry);
    });
  };
  const following = followDevice(ctx, control, {
    baseUrl: followed.baseUrl,
    appkey: followed.appkey,
    to: undefined,
    signal,
    history: () => followed.ready(),
    message: (message) => sink.message(message),
    other: (event, deviceId) => {
      if (event.type === 'request') request(event.data);
      else if (event.type === 'webhook' && event.data.dispositivo === deviceId) sink.webhook(event.data);
      else if (event.type === 'devices') filter.devices(appkeysOf(event.data.contas));
      else if (event.type === 'reset') erased.abort();
    },
  });
  try {
    await following;
  } catch (error) {
    // Stopped while (re)connecting: the abort shows as a failure to connect, and is none.
    if (!signal.aborted) throw error;
  }
  await requests;
  return erased.signal.aborted && !followed.signal.aborted ? 'reset' : 'stopped';
}

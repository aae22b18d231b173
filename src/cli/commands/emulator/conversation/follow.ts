// Following a device's conversation: the live event stream is opened first, then the conversation so far is read,
// so that nothing falls between the two (a message in both is shown once); then each new message as it comes.
import { UnexpectedAnswer } from '../../../../errors.js';
import type { Context } from '../../../context.js';
import type { ChatMessage, EmulatorControl, LiveEvent } from '../../../../api/emulator-control.js';
import { followLiveEvents } from '../live-events.js';
import { readConversation, type Conversation } from './history.js';

export interface DeviceFollower {
  /** The emulator's base URL. */
  baseUrl: string;
  appkey: string;
  /** Only this chat (digits, or a group id). */
  to: string | undefined;
  signal: AbortSignal;
  history(conversation: Conversation): void;
  message(message: ChatMessage): void;
  /** Every other live event of the emulator (webhook attempts, resets, ...). */
  other?(event: LiveEvent, deviceId: string): void;
}

/** The device id the live events name (`dispositivo`); an appkey made with `app create` is found through pairing. */
export async function deviceIdOf(control: EmulatorControl, appkey: string): Promise<string> {
  const listed = (await control.devices()).contas?.flatMap((conta) => conta.dispositivos);
  const found = listed?.find((device) => device.appkey === appkey)?.id;
  if (found !== undefined) return found;
  const id = (await control.pairing({ appkey })).dispositivo;
  if (typeof id !== 'string') throw new UnexpectedAnswer('the pairing answer has no dispositivo');
  return id;
}

const key = (message: ChatMessage) => `${message.direction} ${message.id}`;

/** Shows the conversation so far, then every new message of the device (of `to`), until `signal` aborts. */
export async function followDevice(ctx: Context, control: EmulatorControl, follower: DeviceFollower): Promise<void> {
  const deviceId = await deviceIdOf(control, follower.appkey);
  const events = await followLiveEvents(ctx, follower.baseUrl, follower.signal);
  const conversation = await readConversation(control, follower.appkey, follower.to);
  follower.history(conversation);
  const shown = new Set(conversation.messages.map(key));
  for await (const event of events) {
    if (event.type !== 'message') {
      follower.other?.(event, deviceId);
      continue;
    }
    const { dispositivo, ...message } = event.data;
    if (dispositivo !== deviceId || (follower.to !== undefined && message.chat !== follower.to)) continue;
    if (!shown.delete(key(message))) follower.message(message);
  }
}

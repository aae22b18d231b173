// What the chat shows of the webhook and of the bot's refused sends, read from the logs the stream brings (a chat's
// rows come with it even while the logs are not followed): a contact's message's delivery state, the sends refused in
// a chat, and an attempt as a curl command. Pure functions, tested without a browser (test/emulator/console/
// deliveries.test.ts).
import type { LoggedRequest, WebhookAttempt } from '../../control/types.js';
import type { DeviceAttempt } from './logs.js';

/** `delivered`: the bot answered 2xx; `retrying`: it did not, and another attempt is due; `failed`: none is. */
export type DeliveryState = 'delivered' | 'retrying' | 'failed';

export interface Delivery {
  state: DeliveryState;
  /** The attempt the state is from: the newest of the message's events. */
  last: WebhookAttempt;
}

export function deliveryState(attempt: WebhookAttempt): DeliveryState {
  if (attempt.httpStatus !== null && attempt.httpStatus >= 200 && attempt.httpStatus <= 299) return 'delivered';
  return attempt.proxima === null ? 'failed' : 'retrying';
}

/** Each message's delivery on a device, by message id: its newest attempt (a redelivery's, when one was made). */
export function deliveriesOf(attempts: readonly DeviceAttempt[], device: string): Map<string, Delivery> {
  const found = new Map<string, Delivery>();
  for (const attempt of attempts) {
    if (attempt.dispositivo !== device || attempt.idMessagem === '') continue;
    const held = found.get(attempt.idMessagem);
    if (held && newer(held.last, attempt)) continue;
    found.set(attempt.idMessagem, { state: deliveryState(attempt), last: attempt });
  }
  return found;
}

function newer(a: WebhookAttempt, b: WebhookAttempt): boolean {
  return a.entrega > b.entrega || (a.entrega === b.entrega && a.tentativa > b.tentativa);
}

/**
 * The bot's sends refused in a chat: to its contact (or group), on its device, or on any device when the request's
 * keys named none (a wrong authkey, another account's appkey), oldest first.
 */
export function refusedIn(requests: readonly LoggedRequest[], device: string, chat: string): LoggedRequest[] {
  return requests.filter(
    (r) => r.reason !== null && r.chat === chat && (r.dispositivo === device || (r.dispositivo ?? null) === null),
  );
}

/** A value in single quotes for a POSIX shell. */
function shellQuoted(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The attempt's POST as a curl command: the same address, headers and body (the appkey masked, as shown). */
export function curlOf(attempt: WebhookAttempt): string {
  const { url, cabecalhos, corpo } = attempt.enviado;
  const headers = Object.entries(cabecalhos)
    .filter(([name]) => name !== 'content-length')
    .map(([name, value]) => ` \\\n  -H ${shellQuoted(`${name}: ${value}`)}`);
  return `curl -i -X POST ${shellQuoted(url)}${headers.join('')} \\\n  --data-raw ${shellQuoted(JSON.stringify(corpo))}`;
}

/** An item of a chat in time order: its messages' times (epoch ms) decide where a refused send goes. */
export function placeRefused<T>(
  messages: readonly T[],
  timeOf: (item: T) => number,
  refused: readonly LoggedRequest[],
): (T | LoggedRequest)[] {
  if (refused.length === 0) return [...messages];
  const items: (T | LoggedRequest)[] = [];
  let next = 0;
  for (const message of messages) {
    while (next < refused.length && Date.parse(refused[next]?.timestamp ?? '') < timeOf(message))
      items.push(refused[next++] as LoggedRequest);
    items.push(message);
  }
  return [...items, ...refused.slice(next)];
}

/**
 * Whether nothing came from the bot in a chat after a contact's message: no message of the device's and no refused
 * send since it. (A bot that sends elsewhere, another emulator or the real service, looks like this.)
 */
export function silentAfter(
  message: { timestamp: string },
  messages: readonly { direction: string; timestamp: string }[],
  refused: readonly LoggedRequest[],
): boolean {
  const from = Date.parse(message.timestamp);
  const after = (timestamp: string) => Date.parse(timestamp) >= from;
  return !messages.some((m) => m.direction === 'out' && after(m.timestamp)) && !refused.some((r) => after(r.timestamp));
}

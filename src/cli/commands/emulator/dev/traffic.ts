// dev's view of the traffic besides the messages: each service request the bot made (✓ or ✗, operation, recipient,
// status, and why the emulator refused it) and each webhook delivery to the bot (status, latency, next attempt), as
// terminal lines in the profile's time zone.
import type { ChalkInstance } from 'chalk';
import type { LiveEvent } from '../../../../api/emulator-control.js';
import { clean } from '../../../../listen/content.js';
import { localTime } from '../conversation/message-lines.js';

export type RequestEntry = Extract<LiveEvent, { type: 'request' }>['data'];
export type WebhookEntry = Extract<LiveEvent, { type: 'webhook' }>['data'];

export interface TrafficStyle {
  style: ChalkInstance;
  timeZone: string;
}

/** A key as the request log shows it (first four characters and the length), to match entries to a device. */
export function loggedKey(key: string): string {
  return key.length >= 12 ? `${key.slice(0, 4)}…(${key.length})` : '…';
}

/**
 * Which requests are the bot's: those with the dev device's appkey, those whose appkey is no device's of the
 * emulator or missing (a bot set up wrong), and those refused with the dev account's authkey and another device's
 * appkey (an appkey of another account); not the other requests of the emulator's other devices (another tool's).
 */
export class RequestFilter {
  private others = new Set<string>();

  /** `own`: the dev device's appkey and its account's authkey, as the log shows them (loggedKey). */
  constructor(private readonly own: { appkey: string; authkey: string }) {}

  /** The emulator's devices' appkeys, as the `devices` event or the devices list gives them. */
  devices(appkeys: readonly string[]): void {
    this.others = new Set(appkeys.map(loggedKey).filter((key) => key !== this.own.appkey));
  }

  isBots(entry: RequestEntry): boolean {
    return entry.appkey === null || !this.others.has(entry.appkey) || this.isMixedKeys(entry);
  }

  /** True for an appkey that is neither the device's nor one of the others known (a device made since, or none). */
  isUnknown(entry: RequestEntry): boolean {
    return entry.appkey !== null && entry.appkey !== this.own.appkey && !this.others.has(entry.appkey);
  }

  /** Refused, with this account's authkey and keys that named no device of their own (another account's appkey). */
  private isMixedKeys(entry: RequestEntry): boolean {
    const refused = entry.status === null || entry.status < 200 || entry.status >= 300;
    return refused && !entry.dispositivo && entry.body.authkey === this.own.authkey;
  }
}

function recipient(entry: RequestEntry): string {
  const to = entry.body.to;
  return typeof to === 'string' || typeof to === 'number' ? `→ ${clean(String(to))}` : '';
}

/** Why a request was refused: the emulator's reason, else the answer's message and the fault rule that hit it. */
function refusal(entry: RequestEntry): string {
  if (entry.reason) return clean(entry.reason);
  const message = entry.resposta?.message;
  const said = typeof message === 'string' ? `"${clean(message)}"` : '';
  const fault = entry.fault ? `fault ${clean(entry.fault)}` : '';
  return [said, fault].filter(Boolean).join(' ');
}

/** `12:00:01  ✗ sendText  → 5521998765432  401  <reason>`. */
export function requestLine(entry: RequestEntry, { style, timeZone }: TrafficStyle): string {
  const ok = entry.status !== null && entry.status >= 200 && entry.status < 300;
  const status = entry.status === null ? 'dropped' : String(entry.status);
  const what = clean(entry.operation ?? `${entry.method} ${entry.path}`);
  const parts = [
    style.dim(localTime(entry.timestamp, timeZone, 'time')),
    `${ok ? style.green('✓') : style.red('✗')} ${what}`,
    recipient(entry),
    ok ? style.dim(status) : style.red(status),
    ok ? '' : style.yellow(refusal(entry)),
  ];
  return parts.filter((part) => part !== '').join('  ');
}

/** `12:00:01  ✓ webhook text 3EB0…  200  12 ms`; a failed attempt says why and when the next one is due. */
export function webhookLine(attempt: WebhookEntry, { style, timeZone }: TrafficStyle): string {
  const ok = attempt.httpStatus !== null && attempt.httpStatus >= 200 && attempt.httpStatus < 300;
  const latency = typeof attempt.latenciaMs === 'number' ? `${attempt.latenciaMs} ms` : '';
  const outcome = attempt.httpStatus === null ? clean(attempt.erro ?? 'no answer') : String(attempt.httpStatus);
  const next = ok
    ? ''
    : attempt.proxima === null
      ? 'given up'
      : `next attempt ${localTime(attempt.proxima, timeZone, 'time')}`;
  const parts = [
    style.dim(localTime(attempt.em, timeZone, 'time')),
    `${ok ? style.green('✓') : style.red('✗')} webhook ${clean(attempt.evento)} ${clean(attempt.idMessagem)} (attempt ${attempt.tentativa})`,
    ok ? style.dim(outcome) : style.red(outcome),
    latency,
    style.yellow(next),
  ];
  return parts.filter((part) => part !== '').join('  ');
}

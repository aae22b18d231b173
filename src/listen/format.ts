// The human line of one event: time, kind, origin, from → to, content, the device (masked) and the forward status.
import type { ChalkInstance } from 'chalk';
import { maskSecret } from '../secrets.js';
import { clean, describeContent, text } from './content.js';
import { kindOf, type ReceivedEvent } from './event.js';

export interface LineOptions {
  style: ChalkInstance;
  timeZone: string;
  /** Masks the device's appkey (`instancia`; default maskSecret); a device name the user chose stays whole. */
  maskKey?: (key: string) => string;
  /** What the forward target answered, already styled; absent when not forwarding. */
  forward?: string;
}

const GROUP = /@g\.us$/;

/** HH:MM:SS of the event's own `timestamp` when it has a valid one, else of its arrival, in `timeZone`. */
export function eventTime(event: ReceivedEvent, timeZone: string): string {
  const stamp = event.record === undefined ? undefined : text(event.record, 'timestamp');
  const parsed = stamp === undefined ? Number.NaN : Date.parse(stamp);
  const at = Number.isNaN(parsed) ? event.receivedAt : parsed;
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** The device's side of an event: its phone, or its id while the service does not know its phone yet. */
function deviceSide(fields: Record<string, unknown>, phone: string | undefined): string {
  return phone ?? text(fields, 'dispositivo') ?? 'device';
}

/** `from → to`; a message in a group shows the group as its destination. */
function route(fields: Record<string, unknown>): string {
  const tipo = text(fields, 'tipo');
  const sender = text(fields, 'remetente');
  const recipient = text(fields, 'destinatario');
  const from = tipo === 'Me' || tipo === 'Sistema' ? deviceSide(fields, sender) : (sender ?? '?');
  const chat = text(fields, 'chat');
  const to =
    chat !== undefined && GROUP.test(chat)
      ? chat
      : tipo === 'Chat'
        ? deviceSide(fields, recipient)
        : (recipient ?? '?');
  return `${clean(from)} → ${clean(to)}`;
}

function describeUnparsed(event: ReceivedEvent): string {
  const type = event.contentType ?? 'no content type';
  const what = event.json === undefined ? 'not JSON' : 'JSON but not an object';
  const head = event.raw.toString('utf8').slice(0, 80);
  return `${what} (${event.raw.length} bytes, ${clean(type)})${head === '' ? '' : ` ${JSON.stringify(head)}`}`;
}

/** Formats one event as one line; `instancia` (the device's appkey) is masked. */
export function formatEventLine(event: ReceivedEvent, options: LineOptions): string {
  const { style } = options;
  const fields = event.record;
  const kind = clean(fields === undefined ? 'raw' : (kindOf(event) ?? 'unknown'));
  const parts = [style.dim(eventTime(event, options.timeZone)), style.cyan(kind.padEnd(9))];
  if (fields === undefined) {
    parts.push(style.yellow(describeUnparsed(event)));
  } else {
    const origin = clean(text(fields, 'tipo') ?? '-');
    parts.push(origin.padEnd(7), route(fields), describeContent(kindOf(event), fields));
    const instancia = text(fields, 'instancia');
    if (instancia !== undefined) parts.push(style.dim(`[${(options.maskKey ?? maskSecret)(instancia)}]`));
  }
  if (options.forward !== undefined) parts.push(options.forward);
  return parts.join('  ');
}

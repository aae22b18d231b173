// Every service request the emulator received, accepted or rejected, kept in memory (bounded) for the control API.
import { EmulatorError } from '../http/reply.js';
import type { LoggedRequest } from '../control/types.js';
import type { ChatRef } from './attempt-log.js';
import { asText, own, type Fields } from '../rules/fields.js';
import { maskValue } from '../rules/reasons.js';

export const REQUEST_LOG_LIMIT = 1000;
const KNOWN_KEYS_LIMIT = 10_000;

/** Fields whose values are keys or passwords: logged masked. */
const SECRET_FIELDS = new Set(['authkey', 'appkey', 'setappkey', 'senha', 'password', 'token']);

interface Entry extends Omit<LoggedRequest, 'resposta'> {
  at: number;
  rawAppkey: string | undefined;
  /** The answer as it went out, masked when shown. */
  reply: Record<string, unknown> | undefined;
  /** The message id the answer carries (`data.idMensagem`, `data.id`, `agendamento_id`), for finding a message's request. */
  messageId: string | undefined;
}

/** The id of what an answer created: a message, a status post, a schedule. */
function createdId(reply: Record<string, unknown> | undefined): string | undefined {
  const data = reply?.data;
  const inData = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const id = inData.idMensagem ?? inData.id ?? reply?.agendamento_id;
  return typeof id === 'string' ? id : undefined;
}

export { maskValue };

/** How deep a logged body is kept (PHP-style fields can nest without end), and how much of one text. */
const MAX_DEPTH = 32;
const MAX_TEXT = 10_000;

/**
 * Keys also travel in other fields (deleteDevice's and checkDevice's `message` names a device by its appkey): any
 * value equal to a known key is masked. Texts past MAX_TEXT characters and values nested past MAX_DEPTH are cut, so
 * the log stays bounded.
 */
function maskKnown(value: unknown, known: ReadonlySet<string>, depth = 0): unknown {
  if (typeof value === 'string') {
    if (known.has(value.trim())) return maskValue(value.trim());
    return value.length > MAX_TEXT
      ? `${value.slice(0, MAX_TEXT)}… (${value.length - MAX_TEXT} more characters)`
      : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '… (nested deeper than the log keeps)';
  if (Array.isArray(value)) return value.map((item) => maskKnown(item, known, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskKnown(item, known, depth + 1)]));
}

function maskFields(fields: Fields | undefined, known: ReadonlySet<string>): Record<string, unknown> {
  const masked: Record<string, unknown> = {};
  for (const key of Object.keys(fields ?? {})) {
    const value = own(fields ?? {}, key);
    masked[key] = SECRET_FIELDS.has(key.toLowerCase()) ? maskValue(value) : maskKnown(value, known);
  }
  return masked;
}

/** The values of secret fields in a request, for masking them wherever else they appear later. */
function secretValues(fields: Fields | undefined): string[] {
  return Object.keys(fields ?? {})
    .filter((key) => SECRET_FIELDS.has(key.toLowerCase()))
    .flatMap((key) => asText(own(fields ?? {}, key))?.trim() ?? [])
    .filter((value) => value.length > 0);
}

export interface RequestRecord {
  method: string;
  path: string;
  operation: string | undefined;
  status: number | undefined;
  httpStatus: number | undefined;
  fault: string | undefined;
  reason?: string | undefined;
  fields: Fields | undefined;
  at: number;
  /** Keys the answer handed out (a pairing's appkey, a registration's authkey), masked wherever they appear later. */
  issuedKeys: readonly string[];
  /** The answer's body, when one went out. */
  reply?: Record<string, unknown>;
  /** A refused send's recipient as a chat, and the device its keys were that device's own for (see LoggedRequest). */
  refused?: { chat: string | null; device: string | null };
}

export interface RequestFilter {
  appkey?: string;
  path?: string;
  status?: number;
  /** Only entries at or after this emulator time (epoch ms). */
  since?: number;
  /** Only entries with a larger id (what `--follow` has not seen yet). */
  after?: number;
  /** Only the request whose answer created this message (or status post, or schedule). */
  message?: string;
}

/** A refused send kept for its chat: it shows in the chat of its device, or of every device when its keys named none. */
const isRefusedInChat = (entry: Entry): entry is Entry & { chat: string } =>
  entry.reason !== null && typeof entry.chat === 'string' && entry.chat !== '';

export class RequestLog {
  private entries: Entry[] = [];
  /** The refused sends by their chat, oldest first: a chat's rows cost what the chat has, not the whole log. */
  private refusedByChat = new Map<string, Entry[]>();
  private next = 1;
  /** Every key seen in a secret field or handed out by an answer since the last reset (bounded). */
  private readonly known = new Set<string>();

  constructor(private readonly limit = REQUEST_LOG_LIMIT) {}

  /** Keeps the request; `show` turns the entry returned into what the control API shows. */
  record(request: RequestRecord): Entry {
    for (const key of [...secretValues(request.fields), ...request.issuedKeys]) this.remember(key);
    const appkey = request.fields === undefined ? undefined : asText(own(request.fields, 'appkey'))?.trim();
    const entry: Entry = {
      id: this.next,
      at: request.at,
      timestamp: new Date(request.at).toISOString(),
      method: request.method,
      path: request.path,
      operation: request.operation ?? null,
      status: request.status ?? null,
      httpStatus: request.httpStatus ?? null,
      fault: request.fault ?? null,
      reason: request.reason ?? null,
      chat: request.refused?.chat ?? null,
      dispositivo: request.refused?.device ?? null,
      appkey: appkey === undefined ? null : maskValue(appkey),
      rawAppkey: appkey,
      body: maskFields(request.fields, this.known),
      reply: request.reply,
      messageId: createdId(request.reply),
    };
    this.entries.push(entry);
    if (isRefusedInChat(entry)) {
      const kept = this.refusedByChat.get(entry.chat);
      if (kept === undefined) this.refusedByChat.set(entry.chat, [entry]);
      else kept.push(entry);
    }
    this.next += 1;
    if (this.entries.length > this.limit) {
      for (const old of this.entries.splice(0, this.entries.length - this.limit)) this.forget(old);
    }
    return entry;
  }

  /** An entry as the control API shows it: keys masked in the body and in the answer. */
  show(entry: Entry): LoggedRequest {
    const { at: _at, rawAppkey: _raw, reply, messageId: _id, ...shown } = entry;
    return { ...shown, resposta: reply === undefined ? null : maskFields(reply, this.known) };
  }

  /** Oldest first. */
  list(filter: RequestFilter = {}): LoggedRequest[] {
    return this.entries
      .filter(
        (entry) =>
          (filter.appkey === undefined || entry.rawAppkey === filter.appkey) &&
          (filter.path === undefined || entry.path === filter.path) &&
          (filter.status === undefined || entry.status === filter.status) &&
          (filter.since === undefined || entry.at >= filter.since) &&
          (filter.after === undefined || entry.id > filter.after) &&
          (filter.message === undefined || entry.messageId === filter.message),
      )
      .map((entry) => this.show(entry));
  }

  /**
   * The newest `limit` refused sends of these chats, oldest first: those of the chat's device, and those whose keys
   * named no device (a wrong authkey, another account's appkey), which show in every device's chat with that contact.
   */
  refusedIn(chats: readonly ChatRef[], limit: number): LoggedRequest[] {
    const devices = new Map<string, Set<string>>();
    for (const { device, chat } of chats) devices.set(chat, (devices.get(chat) ?? new Set()).add(device));
    const found: Entry[] = [];
    for (const [chat, named] of devices) {
      const rows = (this.refusedByChat.get(chat) ?? []).filter(
        (entry) => !entry.dispositivo || named.has(entry.dispositivo),
      );
      found.push(...rows.slice(-limit));
    }
    return found
      .sort((a, b) => a.id - b.id)
      .slice(-limit)
      .map((entry) => this.show(entry));
  }

  clear(): void {
    this.entries = [];
    this.refusedByChat.clear();
    this.known.clear();
  }

  /** Drops an entry that left the log from its chat's list, where it is the oldest. */
  private forget(old: Entry): void {
    if (!isRefusedInChat(old)) return;
    const kept = this.refusedByChat.get(old.chat);
    if (kept?.[0] === old) kept.shift();
    if (kept?.length === 0) this.refusedByChat.delete(old.chat);
  }

  private remember(key: string): void {
    if (this.known.size >= KNOWN_KEYS_LIMIT) this.known.delete(this.known.values().next().value ?? '');
    this.known.add(key);
  }
}

function filterNumber(fields: Fields, key: string): number | undefined {
  const raw = asText(own(fields, key))?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new EmulatorError(400, `Campo inválido: ${key}.`);
  return value;
}

/** `since` as an ISO 8601 time or epoch milliseconds. */
function filterTime(fields: Fields): number | undefined {
  const raw = asText(own(fields, 'since'))?.trim();
  if (!raw) return undefined;
  const at = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (!Number.isFinite(at))
    throw new EmulatorError(400, 'Campo inválido: since. Use uma data ISO 8601 ou milissegundos.');
  return at;
}

/** The filter of `GET /__emulator/requests?appkey=&path=&status=&since=&after=`. */
export function readRequestFilter(fields: Fields): RequestFilter {
  const text = (key: string) => asText(own(fields, key))?.trim() || undefined;
  const filter: RequestFilter = {};
  const appkey = text('appkey');
  const path = text('path');
  const status = filterNumber(fields, 'status');
  const since = filterTime(fields);
  const after = filterNumber(fields, 'after');
  const message = text('mensagem');
  if (appkey !== undefined) filter.appkey = appkey;
  if (path !== undefined) filter.path = path;
  if (status !== undefined) filter.status = status;
  if (since !== undefined) filter.since = since;
  if (after !== undefined) filter.after = after;
  if (message !== undefined) filter.message = message;
  return filter;
}

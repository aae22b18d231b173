// Every webhook attempt's outcome, kept in memory (bounded) for the control API and the console's inspector: the
// queue (`deliveries`) keeps only each delivery's latest state. Recording is a push; the event is read when shown.
import type { WebhookAttempt } from '../control/types.js';
import type { AttemptRecord } from '../delivery/attempt-record.js';
import { maskValue } from '../rules/reasons.js';

export const ATTEMPT_LOG_LIMIT = 5000;

type Payload = Record<string, unknown>;

/** The event as the console shows it: the device's appkey (`instancia`) masked, as everywhere keys are shown. */
function shownEvent(event: Payload): Payload {
  return typeof event.instancia === 'string' ? { ...event, instancia: maskValue(event.instancia) } : event;
}

function parsed(payload: string): Payload {
  try {
    const value = JSON.parse(payload) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Payload) : {};
  } catch {
    return {};
  }
}

/** An attempt as the control API shows it. */
export function attemptView(record: AttemptRecord): WebhookAttempt {
  const event = parsed(record.payload);
  const answer = record.answer;
  const length = Buffer.byteLength(record.payload);
  return {
    entrega: record.delivery,
    tentativa: record.attempt,
    em: new Date(record.at).toISOString(),
    httpStatus: record.httpStatus ?? null,
    erro: record.error ?? null,
    latenciaMs: record.latencyMs === undefined ? null : Math.round(record.latencyMs),
    proxima: record.retryAt === undefined ? null : new Date(record.retryAt).toISOString(),
    idMessagem: typeof event.idMessagem === 'string' ? event.idMessagem : '',
    evento: typeof event.evento === 'string' ? event.evento : '',
    chat: typeof event.chat === 'string' ? event.chat : '',
    enviado: {
      url: record.url ?? '',
      cabecalhos: { ...record.headers, 'content-length': String(length) },
      corpo: shownEvent(event),
    },
    resposta: answer ? { cabecalhos: answer.headers, corpo: answer.body, cortado: answer.cut } : null,
  };
}

/** A device's chat, as a follower names it. */
export interface ChatRef {
  device: string;
  chat: string;
}

interface Kept {
  record: AttemptRecord;
  /** The order attempts ended in, across chats. */
  seq: number;
  chat: string;
}

/** The `chat` of a posted event, read once when it is kept. */
function chatOf(payload: string): string {
  const chat = parsed(payload).chat;
  return typeof chat === 'string' ? chat : '';
}

export class AttemptLog {
  private entries: Kept[] = [];
  /** The same entries by device and chat, oldest first: a chat's rows cost what the chat has, not the whole log. */
  private byChat = new Map<string, Map<string, Kept[]>>();
  private seq = 0;

  constructor(private readonly limit = ATTEMPT_LOG_LIMIT) {}

  record(attempt: AttemptRecord): void {
    const kept: Kept = { record: attempt, seq: (this.seq += 1), chat: chatOf(attempt.payload) };
    this.entries.push(kept);
    this.chatEntries(attempt.device, kept.chat, true)?.push(kept);
    if (this.entries.length > this.limit) {
      for (const old of this.entries.splice(0, this.entries.length - this.limit)) this.forget(old);
    }
  }

  /** A device's attempts, oldest first, optionally of one delivery. */
  list(device: string, delivery?: number): WebhookAttempt[] {
    return this.entries
      .filter(({ record }) => record.device === device && (delivery === undefined || record.delivery === delivery))
      .map(({ record }) => attemptView(record));
  }

  /** The newest `limit` attempts of every device, in the order they ended, each naming its device. */
  newest(limit: number): (WebhookAttempt & { dispositivo: string })[] {
    return this.entries.slice(-limit).map(({ record }) => named(record));
  }

  /** The newest `limit` attempts of these chats, in the order they ended, each naming its device. */
  ofChats(chats: readonly ChatRef[], limit: number): (WebhookAttempt & { dispositivo: string })[] {
    const found = chats.flatMap(({ device, chat }) => this.chatEntries(device, chat, false)?.slice(-limit) ?? []);
    return found
      .sort((a, b) => a.seq - b.seq)
      .slice(-limit)
      .map(({ record }) => named(record));
  }

  clear(): void {
    this.entries = [];
    this.byChat.clear();
  }

  private chatEntries(device: string, chat: string, make: boolean): Kept[] | undefined {
    let chats = this.byChat.get(device);
    if (chats === undefined && make) this.byChat.set(device, (chats = new Map<string, Kept[]>()));
    let kept = chats?.get(chat);
    if (kept === undefined && make) chats?.set(chat, (kept = []));
    return kept;
  }

  /** Drops an entry that left the log from its chat's list, where it is the oldest. */
  private forget(old: Kept): void {
    const chats = this.byChat.get(old.record.device);
    const kept = chats?.get(old.chat);
    if (kept?.[0] === old) kept.shift();
    if (kept?.length === 0) chats?.delete(old.chat);
    if (chats?.size === 0) this.byChat.delete(old.record.device);
  }
}

function named(record: AttemptRecord): WebhookAttempt & { dispositivo: string } {
  return { ...attemptView(record), dispositivo: record.device };
}

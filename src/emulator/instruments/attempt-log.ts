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

export class AttemptLog {
  private entries: AttemptRecord[] = [];

  constructor(private readonly limit = ATTEMPT_LOG_LIMIT) {}

  record(attempt: AttemptRecord): void {
    this.entries.push(attempt);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
  }

  /** A device's attempts, oldest first, optionally of one delivery. */
  list(device: string, delivery?: number): WebhookAttempt[] {
    return this.entries
      .filter((entry) => entry.device === device && (delivery === undefined || entry.delivery === delivery))
      .map(attemptView);
  }

  /** The newest `limit` attempts of every device, in the order they ended, each naming its device. */
  newest(limit: number): (WebhookAttempt & { dispositivo: string })[] {
    return this.entries.slice(-limit).map((entry) => ({ ...attemptView(entry), dispositivo: entry.device }));
  }

  clear(): void {
    this.entries = [];
  }
}

// Every webhook attempt's outcome, kept in memory (bounded) for the control API and the console's inspector: the
// queue (`deliveries`) keeps only each delivery's latest state. Recording is a push; the event is read when shown.
import type { WebhookAttempt } from '../control/types.js';
import type { AttemptRecord } from '../delivery/attempt-record.js';

export const ATTEMPT_LOG_LIMIT = 5000;

/** An attempt as the control API shows it. */
export function attemptView(record: AttemptRecord): WebhookAttempt {
  const event = JSON.parse(record.payload) as { idMessagem?: unknown; evento?: unknown };
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

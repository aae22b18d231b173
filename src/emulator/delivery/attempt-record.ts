// What the webhook worker tells of each attempt it makes (WebhookWorker's onAttempt): declared beside the worker,
// so that the queue below knows nothing of the instruments above that keep these records (instruments/attempt-log.ts).
import type { ReceiverAnswer } from './http-post.js';

/** One webhook attempt's outcome. */
export interface AttemptRecord {
  delivery: number;
  device: string;
  attempt: number;
  at: number;
  /** The receiver's status line, when an answer came. */
  httpStatus: number | undefined;
  /** Real milliseconds the attempt took (absent from records made before it was measured). */
  latencyMs?: number;
  error: string | undefined;
  retryAt: number | undefined;
  /** The posted event's JSON. */
  payload: string;
  /** Where it was posted and with which headers (absent from records made before they were kept). */
  url?: string;
  headers?: Record<string, string>;
  /** What the receiver answered, when it did. */
  answer?: ReceiverAnswer | undefined;
}

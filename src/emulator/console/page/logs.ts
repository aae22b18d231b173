// The request log and the webhook attempts the console keeps: what a read of the logs and the live events bring,
// merged (a row both brought is kept once), in order, at most KEPT_LOG_ROWS of the newest.
import type { LoggedRequest, WebhookAttempt } from '../../control/types.js';
import { KEPT_LOG_ROWS } from './store.js';

export type DeviceAttempt = WebhookAttempt & { dispositivo: string };

function merged<T>(held: readonly T[], added: readonly T[], key: (row: T) => string, order: (a: T, b: T) => number) {
  const byKey = new Map(held.map((row) => [key(row), row]));
  for (const row of added) byKey.set(key(row), row);
  const rows = [...byKey.values()].sort(order);
  return rows.length > KEPT_LOG_ROWS ? rows.slice(rows.length - KEPT_LOG_ROWS) : rows;
}

export function withRequests(held: readonly LoggedRequest[], added: readonly LoggedRequest[]): LoggedRequest[] {
  return merged(
    held,
    added,
    (row) => String(row.id),
    (a, b) => a.id - b.id,
  );
}

/** Attempts by delivery and attempt number, in the order they ended. */
export function withAttempts(held: readonly DeviceAttempt[], added: readonly DeviceAttempt[]): DeviceAttempt[] {
  return merged(
    held,
    added,
    (row) => `${row.entrega}:${row.tentativa}`,
    (a, b) => a.em.localeCompare(b.em) || a.entrega - b.entrega || a.tentativa - b.tentativa,
  );
}

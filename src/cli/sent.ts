// The one-line confirmation every send and change prints, with the message id when the service gives one.
import type { ServiceBody } from '../api/request.js';
import type { Context } from './context.js';

/**
 * Finds the identifier a response carries: poll `data.idMensagem`, story `data.id`, `agendamento_id`, `id`, or a
 * related gateway's `message_id`.
 */
export function messageIdOf(body: ServiceBody): string | undefined {
  const data = body.data as Record<string, unknown> | undefined;
  const candidates = [
    data?.idMensagem,
    data?.id,
    body.agendamento_id,
    body.idMensagem,
    body.idMessagem,
    body.id,
    body.message_id,
  ];
  return candidates.find((value): value is string => typeof value === 'string' && value !== '');
}

/** Prints the body under --json, else `what` and the id, e.g. "Text sent to 5581… (id ABC)". */
export function reportSent(ctx: Context, body: ServiceBody, what: string): void {
  const id = messageIdOf(body);
  ctx.out.result(body, () => `${ctx.out.style.green('✓')} ${what}${id ? ` (id ${id})` : ''}`);
}

// The one-line confirmation every send and change prints (a message sent, an agent created, a device disconnected…),
// with the id the service gives when it gives one.
import type { ServiceBody } from '../../api/request.js';
import type { Context } from '../context.js';
import { doneMark } from '../../output/marks.js';

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

/** Reports what was done: the body under --json, else `what` and the id, e.g. "Text sent to 5581… (id ABC)". */
export function reportDone(ctx: Context, body: ServiceBody, what: string): void {
  const id = messageIdOf(body);
  ctx.out.result(body, () => `${doneMark(ctx.out.style)} ${what}${id ? ` (id ${id})` : ''}`);
}

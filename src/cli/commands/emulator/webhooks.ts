// emulator webhooks: the device's webhook queue, counts per state and one row per delivery.
import type { WebhookDelivery } from '../../../api/emulator-control.js';
import { MalformedResponse } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { emulatorWebhooksCommand } from './webhooks-command.js';
import { controlAppkey, emulatorControl } from './control-client.js';

/** The device's webhook queue: counts per state, then one row per delivery (the newest 200 in a terminal). */
export async function emulatorWebhooks(ctx: Context, { opts }: InputOf<typeof emulatorWebhooksCommand>): Promise<void> {
  const appkey = await controlAppkey(ctx);
  const body = await (
    await emulatorControl(ctx)
  ).webhooks({ appkey, ...(opts.state === undefined ? {} : { estado: opts.state }) });
  if (!Array.isArray(body.entregas) || typeof body.contagem !== 'object' || body.contagem === null) {
    throw new MalformedResponse(200, 'The emulator answered the webhook queue without entregas and contagem');
  }
  const { pending = 0, delivered = 0, failed = 0 } = body.contagem;
  const counts = `${pending} pending, ${delivered} delivered, ${failed} failed`;
  if (body.entregas.length === 0) {
    ctx.out.result(body, () => `No webhook deliveries${opts.state ? ` ${opts.state}` : ''} (${counts}).`);
    return;
  }
  const { renderTable } = await import('../../../output/table.js');
  const shown = body.entregas.slice(-SHOWN_DELIVERIES);
  const hidden = body.entregas.length - shown.length;
  ctx.out.result(body, () => [
    renderTable(ctx.out, ['ID', 'STATE', 'ATTEMPTS', 'EVENT', 'CHAT', 'LAST ERROR'], shown.map(deliveryRow)),
    `${hidden > 0 ? `${hidden} older not shown (--json lists all); ` : ''}${counts}`,
  ]);
}

const SHOWN_DELIVERIES = 200;

function deliveryRow(delivery: WebhookDelivery): string[] {
  const { evento, chat } = delivery.evento;
  return [
    String(delivery.id),
    delivery.estado,
    String(delivery.tentativas),
    typeof evento === 'string' ? evento : '?',
    typeof chat === 'string' ? chat : '?',
    delivery.ultimoErro ?? '',
  ];
}

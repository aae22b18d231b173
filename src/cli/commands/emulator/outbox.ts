// emulator outbox: every message the device sent.
import type { OutboxMessage } from '../../../api/emulator-control.js';
import type { Context } from '../../context.js';
import { controlAppkey, emulatorControl } from './control-client.js';

export async function emulatorOutbox(ctx: Context): Promise<void> {
  const appkey = await controlAppkey(ctx);
  const body = await (await emulatorControl(ctx)).outbox(appkey);
  const messages = body.mensagens ?? [];
  if (messages.length === 0) {
    ctx.out.result(body, () => 'Nothing sent yet by this device.');
    return;
  }
  const { renderTable } = await import('../../../output/table.js');
  ctx.out.result(body, () =>
    renderTable(
      ctx.out,
      ['ID', 'TO', 'KIND', 'CONTENT', 'SENT AT'],
      messages.map((m) => [m.id, m.to, m.kind, summary(m), m.timestamp]),
    ),
  );
}

/** One short line for a sent message: its text when it has one, else its content as JSON. */
export function summary(message: OutboxMessage): string {
  const text = message.content.message;
  const line = typeof text === 'string' ? text : JSON.stringify(message.content);
  const flat = line.replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

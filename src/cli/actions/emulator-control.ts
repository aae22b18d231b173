// emulator connect|group|template|otp|outbox|webhooks|reset: drive the local emulator through its control API.
import type { ControlParticipant, OutboxMessage, WebhookDelivery } from '../../api/emulator-control.js';
import { MalformedResponse, UsageError } from '../../errors.js';
import { maskSecret } from '../../secrets.js';
import type { Context } from '../context.js';
import type { InputOf } from '../command.js';
import type {
  emulatorConnectCommand,
  emulatorGroupCommand,
  emulatorOtpCommand,
  emulatorResetCommand,
  emulatorTemplateCommand,
  emulatorWebhooksCommand,
} from '../commands/emulator.js';
import { nonEmpty, phoneNumber } from '../shared/validate.js';
import { controlAppkey, emulatorControl } from './emulator-client.js';
import { deviceByRef, deviceLabel } from '../shared/device-records.js';

const check = (ctx: Context) => ctx.out.style.green('✓');

export async function emulatorConnect(
  ctx: Context,
  { args, opts }: InputOf<typeof emulatorConnectCommand>,
): Promise<void> {
  const ref = nonEmpty('<device>', args[0]).trim();
  const phone = opts.phone === undefined ? undefined : phoneNumber('--phone', opts.phone);
  const known = await deviceByRef(ctx, ref);
  const body = await (await emulatorControl(ctx)).connect(known?.appkey ?? ref, phone);
  const as = phone === undefined ? '' : ` as +${phone}`;
  ctx.out.result(body, () => `${check(ctx)} Device ${known ? deviceLabel(known) : maskSecret(ref)} connected${as}`);
}

/** Reads `PHONE` or `PHONE:admin` into a participant; the id is the number as digits with its country code. */
export function participant(value: string): ControlParticipant {
  const [phone = '', role, ...rest] = value.split(':');
  if (rest.length > 0 || (role !== undefined && role.trim() !== 'admin')) {
    throw new UsageError(`--participant must be PHONE or PHONE:admin, e.g. +5581989769960:admin (got "${value}")`);
  }
  return { id: phoneNumber('--participant', phone), admin: role !== undefined };
}

export async function emulatorGroup(ctx: Context, { opts }: InputOf<typeof emulatorGroupCommand>): Promise<void> {
  const title = nonEmpty('--title', opts.title);
  const { description } = opts;
  const participants = (opts.participant ?? []).map(participant);
  const appkey = await controlAppkey(ctx);
  const body = await (
    await emulatorControl(ctx)
  ).createGroup(appkey, {
    title,
    participants,
    ...(description === undefined ? {} : { description }),
  });
  ctx.out.result(body, () => [`${check(ctx)} Group "${title}" created: ${body.grupo}`, `  invite: ${body.convite}`]);
}

export async function emulatorTemplate(ctx: Context, { opts }: InputOf<typeof emulatorTemplateCommand>): Promise<void> {
  const text = nonEmpty('--text', opts.text);
  const authkey = await ctx.authkey();
  const body = await (await emulatorControl(ctx)).createTemplate(authkey, text);
  ctx.out.result(body, () => `${check(ctx)} Template created: ${body.template_id}`);
}

/** Prints only the code, so that `code=$(chatbot emulator otp --to …)` works. */
export async function emulatorOtp(ctx: Context, { opts }: InputOf<typeof emulatorOtpCommand>): Promise<void> {
  const to = phoneNumber('--to', opts.to);
  const appkey = await controlAppkey(ctx);
  const body = await (await emulatorControl(ctx)).issueOtp(appkey, to);
  ctx.out.result(body, () => body.code);
}

export async function emulatorOutbox(ctx: Context): Promise<void> {
  const appkey = await controlAppkey(ctx);
  const body = await (await emulatorControl(ctx)).outbox(appkey);
  const messages = body.mensagens ?? [];
  if (messages.length === 0) {
    ctx.out.result(body, () => 'Nothing sent yet by this device.');
    return;
  }
  const { renderTable } = await import('../../output/table.js');
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

/** The device's webhook queue: counts per state, then one row per delivery (the newest 200 in a terminal). */
export async function emulatorWebhooks(ctx: Context, { opts }: InputOf<typeof emulatorWebhooksCommand>): Promise<void> {
  const appkey = await controlAppkey(ctx);
  const body = await (await emulatorControl(ctx)).webhooks(appkey, opts.state);
  if (!Array.isArray(body.entregas) || typeof body.contagem !== 'object' || body.contagem === null) {
    throw new MalformedResponse(200, 'The emulator answered the webhook queue without entregas and contagem');
  }
  const { pending = 0, delivered = 0, failed = 0 } = body.contagem;
  const counts = `${pending} pending, ${delivered} delivered, ${failed} failed`;
  if (body.entregas.length === 0) {
    ctx.out.result(body, () => `No webhook deliveries${opts.state ? ` ${opts.state}` : ''} (${counts}).`);
    return;
  }
  const { renderTable } = await import('../../output/table.js');
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

export async function emulatorReset(ctx: Context, { opts }: InputOf<typeof emulatorResetCommand>): Promise<void> {
  if (!opts.yes && !(await ctx.prompt.confirm('--yes', 'Erase every account, device and message in the emulator?'))) {
    ctx.out.info('Nothing was erased.');
    return;
  }
  const body = await (await emulatorControl(ctx)).reset();
  ctx.out.result(body, () => `${check(ctx)} Emulator state erased`);
}

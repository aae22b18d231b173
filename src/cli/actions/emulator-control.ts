// emulator connect|group|template|otp|outbox|reset: drive the local emulator through its control API.
import type { ControlParticipant, OutboxMessage } from '../../api/emulator-control.js';
import { UsageError } from '../../errors.js';
import { maskSecret } from '../../secrets.js';
import type { Context } from '../context.js';
import type { HandlerInput } from '../define.js';
import { nonEmpty, phoneNumber } from '../validate.js';
import { controlAppkey, emulatorControl } from './emulator-client.js';
import { deviceByRef, deviceLabel } from './device-profile.js';

const check = (ctx: Context) => ctx.out.style.green('✓');

export async function emulatorConnect(ctx: Context, { args, opts }: HandlerInput): Promise<void> {
  const ref = nonEmpty('<device>', args[0] ?? '').trim();
  const phone = opts.phone === undefined ? undefined : phoneNumber('--phone', String(opts.phone));
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

export async function emulatorGroup(ctx: Context, { opts }: HandlerInput): Promise<void> {
  const title = nonEmpty('--title', String(opts.title ?? ''));
  const description = typeof opts.description === 'string' ? opts.description : undefined;
  const participants = ((opts.participant as string[] | undefined) ?? []).map(participant);
  const appkey = await controlAppkey(ctx);
  const body = await (await emulatorControl(ctx)).createGroup(appkey, {
    title, participants, ...(description === undefined ? {} : { description }),
  });
  ctx.out.result(body, () => [
    `${check(ctx)} Group "${title}" created: ${body.grupo}`,
    `  invite: ${body.convite}`,
  ]);
}

export async function emulatorTemplate(ctx: Context, { opts }: HandlerInput): Promise<void> {
  const text = nonEmpty('--text', String(opts.text ?? ''));
  const authkey = await ctx.authkey();
  const body = await (await emulatorControl(ctx)).createTemplate(authkey, text);
  ctx.out.result(body, () => `${check(ctx)} Template created: ${body.template_id}`);
}

/** Prints only the code, so that `code=$(chatbot emulator otp --to …)` works. */
export async function emulatorOtp(ctx: Context, { opts }: HandlerInput): Promise<void> {
  const to = phoneNumber('--to', String(opts.to ?? ''));
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
  ctx.out.result(body, () => renderTable(
    ctx.out,
    ['ID', 'TO', 'KIND', 'CONTENT', 'SENT AT'],
    messages.map((m) => [m.id, m.to, m.kind, summary(m), m.timestamp]),
  ));
}

/** One short line for a sent message: its text when it has one, else its content as JSON. */
export function summary(message: OutboxMessage): string {
  const text = message.content.message;
  const line = typeof text === 'string' ? text : JSON.stringify(message.content);
  const flat = line.replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

export async function emulatorReset(ctx: Context, { opts }: HandlerInput): Promise<void> {
  if (opts.yes !== true && !(await ctx.prompt.confirm('--yes', 'Erase every account, device and message in the emulator?'))) {
    ctx.out.info('Nothing was erased.');
    return;
  }
  const body = await (await emulatorControl(ctx)).reset();
  ctx.out.result(body, () => `${check(ctx)} Emulator state erased`);
}

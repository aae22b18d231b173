// emulator group: creates a group on the emulated network for the current device.
import type { ControlParticipant } from '../../../api/emulator-control.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { emulatorGroupCommand } from './group-command.js';
import { nonEmpty, phoneNumber } from '../../shared/validate.js';
import { controlAppkey, emulatorControl } from './control-client.js';
import { checkMark } from './check-mark.js';

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
  ).createGroup({
    appkey,
    titulo: title,
    participantes: participants,
    ...(description === undefined ? {} : { descricao: description }),
  });
  ctx.out.result(body, () => [
    `${checkMark(ctx)} Group "${title}" created: ${body.grupo}`,
    `  invite: ${body.convite}`,
  ]);
}

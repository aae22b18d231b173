// send schedule (scheduleMessage): one message to one or more recipients at a time on the service's clock.
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { scheduleMessageCommand } from './schedule-command.js';

type Opts = InputOf<typeof scheduleMessageCommand>['opts'];
import { messageIdOf, reportDone } from '../../shared/confirmation.js';
import { messageOf } from '../../shared/inputs.js';
import { resolveScheduleTime, serviceZone } from './schedule-time.js';
import { httpUrl, recipient } from '../../shared/validate.js';

/** Every `--to`, checked, duplicates dropped (a number written two ways is one recipient). */
async function recipientsOf(ctx: Context, opts: Opts): Promise<string[]> {
  const given = opts.to ?? [];
  const raw = given.length > 0 ? given : [await ctx.prompt.text('--to', 'To (phone number or group id)')];
  return [...new Set(raw.map((value) => recipient('--to', value)))];
}

function attachment(opts: Opts): { file?: string; fileName?: string } {
  const { file, filename: fileName } = opts;
  if (fileName !== undefined && file === undefined)
    throw new UsageError('--filename names the --file; give --file URL too');
  if (fileName !== undefined && fileName.trim() === '') throw new UsageError('--filename must not be empty');
  return {
    ...(file === undefined ? {} : { file: httpUrl('--file', file.trim()) }),
    ...(fileName === undefined ? {} : { fileName: fileName.trim() }),
  };
}

/** The time input: --at or --in, prompting for --at when neither is given and a terminal is there. */
async function timeInput(ctx: Context, opts: Opts, zone: string): Promise<{ at?: string; in?: string }> {
  const given = { at: opts.at, in: opts.in };
  if (given.at !== undefined || given.in !== undefined) return given;
  if (!ctx.prompt.interactive) throw new UsageError('Missing --at or --in — say when to send, e.g. --in 10m');
  return { at: await ctx.prompt.text('--at', `When (YYYY-MM-DD HH:MM:SS in ${zone}, or ISO 8601 with an offset)`) };
}

export async function scheduleMessage(ctx: Context, { opts }: InputOf<typeof scheduleMessageCommand>): Promise<void> {
  const keys = await ctx.deviceKeys();
  const settings = await ctx.settings();
  const zone = serviceZone(settings.timezone.value, settings.timezone.source);
  const to = await recipientsOf(ctx, opts);
  const message = await messageOf(ctx, opts);
  const media = attachment(opts);
  // Resolved last, so that time spent at a prompt cannot turn a future time into a past one.
  const time = resolveScheduleTime(await timeInput(ctx, opts, zone), zone, Date.now());
  if (time.repeated) {
    ctx.out.warn(`${time.agendamento} happens twice in ${zone} (clocks go back); the service may take either one`);
  }
  const body = await (await ctx.api()).scheduleMessage(keys, { to, at: time.agendamento, message, ...media });
  const who = to.length === 1 ? to[0] : `${to.length} recipients`;
  reportDone(ctx, body, `Message to ${who} scheduled for ${time.agendamento} (${zone})`);
  const id = messageIdOf(body);
  if (id !== undefined) ctx.out.info(`To cancel it: chatbot schedule cancel ${id}`);
}

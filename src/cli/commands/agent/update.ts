// agent update: changes the fields given of an AI agent, each checked before anything is sent.
import { MalformedResponse, UsageError } from '../../../errors.js';
import type { InputOf } from '../../command.js';
import type { updateAgentCommand } from './update-command.js';
import type { Context } from '../../context.js';
import { textOrStdin } from '../../shared/inputs.js';
import { nonEmpty, phoneNumber, webhookUrl } from '../../shared/validate.js';
import { doneMark } from '../../../output/marks.js';

const DAYS = ['seg', 'ter', 'qua', 'qui', 'sex', 'sab', 'dom'];

const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

function temperature(raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < 0 || value > 2)
    throw new UsageError(`--temperature must be a number from 0 to 2; got "${raw}"`);
  return value;
}

function workDays(raw: string): string[] {
  const days = raw
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  if (days.length === 0 || days.some((d) => !DAYS.includes(d)))
    throw new UsageError(`--work-days takes days among ${DAYS.join(',')}; got "${raw}"`);
  return days;
}

const onOff = (value: 'on' | 'off' | undefined) => (value === undefined ? undefined : value === 'on');

/** The fields to change, each checked before anything is sent. */
async function changes(
  ctx: Context,
  opts: InputOf<typeof updateAgentCommand>['opts'],
): Promise<Record<string, unknown>> {
  if (opts.timePause !== undefined && !TIME.test(opts.timePause))
    throw new UsageError(`--time-pause must be HH:MM:SS; got "${opts.timePause}"`);
  const fields: Record<string, unknown> = {
    device_id: opts.device?.trim() || undefined,
    webhook: opts.webhook === undefined || opts.webhook === '' ? opts.webhook : webhookUrl('--webhook', opts.webhook),
    voice: opts.voice,
    system: opts.system === undefined ? undefined : await textOrStdin(ctx, '--system', opts.system),
    temperature: opts.temperature === undefined ? undefined : temperature(opts.temperature),
    work_days: opts.workDays === undefined ? undefined : workDays(opts.workDays),
    time_pause: opts.timePause,
    blacklist: opts.blacklist?.map((n) => phoneNumber('--blacklist', n)),
    send_audio: onOff(opts.sendAudio),
    receiver_audio: onOff(opts.receiverAudio),
    stop_bot: onOff(opts.stopBot),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

export async function updateAgent(ctx: Context, { args, opts }: InputOf<typeof updateAgentCommand>): Promise<void> {
  const id = nonEmpty('<id>', args[0]).trim();
  const fields = await changes(ctx, opts);
  if (Object.keys(fields).length === 0 && opts.name === undefined)
    throw new UsageError('Nothing to change: give at least one flag (see `chatbot agent update --help`)');
  const authkey = await ctx.authkey();
  const api = await ctx.api();
  const name = opts.name?.trim() || (await currentName(api, authkey, id));
  const body = await api.updateAgent(authkey, id, { agent_name: name, ...fields });
  ctx.out.result(
    body,
    () =>
      `${doneMark(ctx.out.style)} Agent ${id} updated (${Object.keys(fields)
        .concat(opts.name ? ['agent_name'] : [])
        .join(', ')})`,
  );
}

async function currentName(api: Awaited<ReturnType<Context['api']>>, authkey: string, id: string): Promise<string> {
  const data = (await api.getAgents(authkey, id)).data as Record<string, unknown> | undefined;
  const name = data?.agent_name;
  if (typeof name !== 'string' || name === '')
    throw new MalformedResponse(200, "The service answered without the agent's name; give --name");
  return name;
}

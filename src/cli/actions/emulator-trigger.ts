// emulator trigger text|button|poll-vote|reaction|location: a contact acts, the device's webhook hears it.
import type { InboundEvent } from '../../api/emulator-control.js';
import { UsageError } from '../../errors.js';
import type { Context } from '../context.js';
import type { InputOf } from '../command.js';
import type {
  triggerButtonCommand,
  triggerLocationCommand,
  triggerPollVoteCommand,
  triggerReactionCommand,
  triggerTextCommand,
} from '../commands/emulator.js';
import { reportDone } from '../shared/confirmation.js';
import { isGroupId, nonEmpty, phoneNumber } from '../shared/validate.js';
import { controlAppkey, emulatorControl } from './emulator-client.js';

/** The flags every trigger shares. */
interface OriginOpts {
  from: string;
  group: string | undefined;
  name: string | undefined;
  set: string[] | undefined;
}

type Payload = Record<string, unknown>;

const SET_ENTRY = /^([A-Za-z_][\w.-]*)(:?=)([\s\S]*)$/;

/** Parses `--set key=value` (a string) or `--set key:=JSON` (any JSON value) into payload overrides. */
export function parseSets(entries: readonly string[]): Record<string, unknown> {
  // fromEntries defines plain own properties, so a key such as `__proto__` stays a payload field.
  return Object.fromEntries(
    entries.map((entry): [string, unknown] => {
      const match = SET_ENTRY.exec(entry);
      if (!match) throw new UsageError(`--set must be key=value, or key:=JSON for a non-string value (got "${entry}")`);
      const [, key = '', operator, raw = ''] = match;
      return [key, operator === ':=' ? jsonValue(key, raw) : raw];
    }),
  );
}

function jsonValue(key: string, raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new UsageError(`--set ${key}:= needs a JSON value such as 42, true or ["a","b"] (got "${raw}")`);
  }
}

/** The sender and where they wrote: --from, --group, --name. */
function origin(opts: OriginOpts): Payload {
  const fields: Payload = { de: phoneNumber('--from', opts.from) };
  if (opts.group !== undefined) {
    if (!isGroupId(opts.group))
      throw new UsageError(`--group must be a group id such as 120363012345678901@g.us (got "${opts.group}")`);
    fields.grupo = opts.group.trim();
  }
  if (opts.name !== undefined) fields.nome = nonEmpty('--name', opts.name);
  return fields;
}

/** A decimal coordinate within ±limit, kept as the decimal text given. */
export function coordinate(flag: string, value: string, limit: number): string {
  const text = value.trim();
  const parsed = Number(text);
  if (text === '' || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) || Math.abs(parsed) > limit) {
    throw new UsageError(`${flag} must be a number from -${limit} to ${limit} (got "${value}")`);
  }
  return text;
}

const messageId = (value: string) => nonEmpty('--message-id', value).trim();

/** Checks the origin, then the event's own fields (`fields`), then --set, and sends the event. */
async function trigger(
  ctx: Context,
  opts: OriginOpts,
  evento: InboundEvent,
  label: string,
  fields: () => Payload,
): Promise<void> {
  const from = origin(opts);
  const payload = { ...from, ...fields(), ...parseSets(opts.set ?? []) };
  const appkey = await controlAppkey(ctx);
  const body = await (await emulatorControl(ctx)).inbound(appkey, evento, payload);
  reportDone(ctx, body, `${label} from ${String(from.de)} received by the device`);
}

export async function triggerText(ctx: Context, { opts }: InputOf<typeof triggerTextCommand>): Promise<void> {
  await trigger(ctx, opts, 'text', 'Text', () => ({ mensagem: nonEmpty('--text', opts.text) }));
}

export async function triggerButton(ctx: Context, { opts }: InputOf<typeof triggerButtonCommand>): Promise<void> {
  await trigger(ctx, opts, 'button', 'Button click', () => ({
    idMensagem: messageId(opts.messageId),
    opcao: nonEmpty('--option', opts.option).trim(),
  }));
}

export async function triggerPollVote(ctx: Context, { opts }: InputOf<typeof triggerPollVoteCommand>): Promise<void> {
  await trigger(ctx, opts, 'poll_vote', 'Poll vote', () => ({
    idMensagem: messageId(opts.messageId),
    opcoes: opts.option.map((v) => nonEmpty('--option', v).trim()),
  }));
}

export async function triggerReaction(ctx: Context, { opts }: InputOf<typeof triggerReactionCommand>): Promise<void> {
  await trigger(ctx, opts, 'reaction', 'Reaction', () => ({
    idMensagem: messageId(opts.messageId),
    emoji: nonEmpty('--emoji', opts.emoji).trim(),
  }));
}

export async function triggerLocation(ctx: Context, { opts }: InputOf<typeof triggerLocationCommand>): Promise<void> {
  await trigger(ctx, opts, 'location', 'Location', () => ({
    latitude: coordinate('--lat', opts.lat, 90),
    longitude: coordinate('--lng', opts.lng, 180),
    ...(opts.text === undefined ? {} : { mensagem: nonEmpty('--text', opts.text) }),
  }));
}

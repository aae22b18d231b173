// emulator trigger text|button|poll-vote|reaction|location: a contact acts, the device's webhook hears it.
import type { InboundEvent } from '../../api/emulator-control.js';
import { UsageError } from '../../errors.js';
import type { Context } from '../context.js';
import type { HandlerInput } from '../define.js';
import { reportSent } from '../sent.js';
import { isGroupId, nonEmpty, phoneNumber } from '../validate.js';
import { controlAppkey, emulatorControl } from './emulator-client.js';

type Opts = Record<string, unknown>;

const SET_ENTRY = /^([A-Za-z_][\w.-]*)(:?=)([\s\S]*)$/;

/** Parses `--set key=value` (a string) or `--set key:=JSON` (any JSON value) into payload overrides. */
export function parseSets(entries: readonly string[]): Record<string, unknown> {
  // fromEntries defines plain own properties, so a key such as `__proto__` stays a payload field.
  return Object.fromEntries(entries.map((entry): [string, unknown] => {
    const match = SET_ENTRY.exec(entry);
    if (!match) throw new UsageError(`--set must be key=value, or key:=JSON for a non-string value (got "${entry}")`);
    const [, key = '', operator, raw = ''] = match;
    return [key, operator === ':=' ? jsonValue(key, raw) : raw];
  }));
}

function jsonValue(key: string, raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new UsageError(`--set ${key}:= needs a JSON value such as 42, true or ["a","b"] (got "${raw}")`);
  }
}

/** The sender and where they wrote: --from, --group, --name. */
function origin(opts: Opts): Record<string, unknown> {
  const fields: Record<string, unknown> = { de: phoneNumber('--from', String(opts.from ?? '')) };
  if (typeof opts.group === 'string') {
    if (!isGroupId(opts.group)) throw new UsageError(`--group must be a group id such as 120363012345678901@g.us (got "${opts.group}")`);
    fields.grupo = opts.group.trim();
  }
  if (typeof opts.name === 'string') fields.nome = nonEmpty('--name', opts.name);
  return fields;
}

/** A decimal coordinate within ±limit, kept as the decimal text given. */
export function coordinate(flag: string, value: unknown, limit: number): string {
  const text = String(value ?? '').trim();
  const parsed = Number(text);
  if (text === '' || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) || Math.abs(parsed) > limit) {
    throw new UsageError(`${flag} must be a number from -${limit} to ${limit} (got "${String(value ?? '')}")`);
  }
  return text;
}

const messageId = (opts: Opts) => nonEmpty('--message-id', String(opts.messageId ?? '')).trim();

interface TriggerSpec {
  evento: InboundEvent;
  label: string;
  fields: (opts: Opts) => Record<string, unknown>;
}

const TEXT: TriggerSpec = {
  evento: 'text', label: 'Text', fields: (o) => ({ mensagem: nonEmpty('--text', String(o.text ?? '')) }),
};

const BUTTON: TriggerSpec = {
  evento: 'button', label: 'Button click',
  fields: (o) => ({ idMensagem: messageId(o), opcao: nonEmpty('--option', String(o.option ?? '')).trim() }),
};

const POLL_VOTE: TriggerSpec = {
  evento: 'poll_vote', label: 'Poll vote',
  fields: (o) => ({
    idMensagem: messageId(o),
    opcoes: ((o.option as string[] | undefined) ?? []).map((v) => nonEmpty('--option', v).trim()),
  }),
};

const REACTION: TriggerSpec = {
  evento: 'reaction', label: 'Reaction',
  fields: (o) => ({ idMensagem: messageId(o), emoji: nonEmpty('--emoji', String(o.emoji ?? '')).trim() }),
};

const LOCATION: TriggerSpec = {
  evento: 'location', label: 'Location',
  fields: (o) => ({
    latitude: coordinate('--lat', o.lat, 90),
    longitude: coordinate('--lng', o.lng, 180),
    ...(typeof o.text === 'string' ? { mensagem: nonEmpty('--text', o.text) } : {}),
  }),
};

async function trigger(ctx: Context, opts: Opts, spec: TriggerSpec): Promise<void> {
  const from = origin(opts);
  const payload = { ...from, ...spec.fields(opts), ...parseSets((opts.set as string[] | undefined) ?? []) };
  const appkey = await controlAppkey(ctx);
  const body = await (await emulatorControl(ctx)).inbound(appkey, spec.evento, payload);
  reportSent(ctx, body, `${spec.label} from ${String(from.de)} received by the device`);
}

const handler = (spec: TriggerSpec) => (ctx: Context, { opts }: HandlerInput) => trigger(ctx, opts, spec);

export const triggerText = handler(TEXT);
export const triggerButton = handler(BUTTON);
export const triggerPollVote = handler(POLL_VOTE);
export const triggerReaction = handler(REACTION);
export const triggerLocation = handler(LOCATION);

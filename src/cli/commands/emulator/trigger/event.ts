// What every `emulator trigger` command does: checks who acts and where, the event's fields and --set, then has
// the emulator deliver the event to the device.
import type { InboundEvent, InboundRequest } from '../../../../api/emulator-control.js';
import { UsageError } from '../../../../errors.js';
import type { Context } from '../../../context.js';
import { reportDone } from '../../../shared/confirmation.js';
import { isGroupId, nonEmpty, phoneNumber } from '../../../shared/validate.js';
import { controlAppkey, emulatorControl } from '../control-client.js';

/** The flags every trigger shares. */
export interface OriginOpts {
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

export const messageId = (value: string) => nonEmpty('--message-id', value).trim();

/** Checks the origin, then the event's own fields (`fields`), then --set, and sends the event. */
export async function trigger(
  ctx: Context,
  opts: OriginOpts,
  evento: InboundEvent,
  label: string,
  fields: () => Payload,
): Promise<void> {
  const from = origin(opts);
  const payload = { ...from, ...fields(), ...parseSets(opts.set ?? []) };
  const appkey = await controlAppkey(ctx);
  const body = await (await emulatorControl(ctx)).inbound({ appkey, evento, ...payload } as InboundRequest);
  reportDone(ctx, body, `${label} from ${String(from.de)} received by the device`);
}

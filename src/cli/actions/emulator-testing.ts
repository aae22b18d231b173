// emulator fault add|ls|rm|clear, disconnect, clock set|advance|reset, requests: drive the emulator for tests.
import type { FaultRuleView, LoggedRequestView, RequestsFilter } from '../../api/emulator-control.js';
import { UsageError } from '../../errors.js';
import { maskSecret } from '../../secrets.js';
import type { InputOf } from '../command.js';
import type {
  clockAdvanceCommand,
  clockSetCommand,
  disconnectCommand,
  faultAddCommand,
  faultRemoveCommand,
  requestsCommand,
} from '../commands/emulator-testing.js';
import type { Context } from '../context.js';
import { nonEmpty, phoneNumber } from '../shared/validate.js';
import { deviceByRef, deviceLabel } from '../shared/device-records.js';
import { emulatorControl } from './emulator-client.js';

const check = (ctx: Context) => ctx.out.style.green('✓');
export const FOLLOW_INTERVAL_MS = 500;

type FaultOptions = InputOf<typeof faultAddCommand>['opts'];

/** The rule's body for the control API; refuses a rule that does nothing, or flags that contradict each other. */
export function faultRule(opts: FaultOptions): Record<string, unknown> {
  const answers = opts.error !== undefined || opts.status !== undefined;
  if (!answers && !opts.drop && opts.delay === undefined) {
    throw new UsageError('A fault needs an action: --error NAME, --status CODE, --delay DURATION or --drop');
  }
  if (opts.drop && answers) throw new UsageError('--drop answers nothing, so it cannot go with --error or --status');
  if (opts.http200 && !answers)
    throw new UsageError('--http200 needs --error or --status (the error the body carries)');
  if (opts.error !== undefined && opts.status !== undefined) throw new UsageError('Give --error or --status, not both');
  const rule: Record<string, unknown> = {};
  if (opts.path !== undefined) rule.path = nonEmpty('--path', opts.path);
  if (opts.operation !== undefined) rule.operation = nonEmpty('--operation', opts.operation);
  if (opts.device !== undefined) rule.appkey = nonEmpty('--device', opts.device);
  if (opts.to !== undefined) rule.to = phoneNumber('--to', opts.to);
  if (opts.error !== undefined) rule.error = opts.error;
  if (opts.status !== undefined) rule.status = opts.status;
  if (opts.message !== undefined) rule.message = nonEmpty('--message', opts.message);
  if (opts.http200) rule.http200 = true;
  if (opts.delay !== undefined) rule.delayMs = milliseconds(opts.delay);
  if (opts.drop) rule.drop = true;
  if (opts.times !== undefined) rule.times = opts.times;
  return rule;
}

const DURATION = /^\d+(ms|s|m|h|d)?$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function milliseconds(text: string): number {
  const [, amount = '0', unit = 'ms'] = /^(\d+)(ms|s|m|h|d)?$/.exec(text) ?? [];
  return Number(amount) * (UNIT_MS[unit] ?? 1);
}

/** One line for a rule: what it matches, what it does, how often. */
export function describeFault(rule: FaultRuleView, mask: (key: string) => string = maskSecret): string {
  const { match } = rule;
  const matched =
    [
      match.path && `path ${match.path}`,
      match.operation && `operation ${match.operation}`,
      match.appkey && `device ${mask(match.appkey)}`,
      match.to && `to +${match.to}`,
    ]
      .filter(Boolean)
      .join(', ') || 'every service request';
  const acts = [
    rule.delayMs !== undefined && `wait ${rule.delayMs} ms`,
    rule.drop && 'drop the connection',
    rule.status !== undefined && `answer ${rule.status} "${rule.message ?? ''}"${rule.http200 ? ' with HTTP 200' : ''}`,
  ]
    .filter(Boolean)
    .join(', then ');
  const times = rule.remaining === undefined ? '' : ` (${rule.remaining} more)`;
  return `${rule.id}: ${matched} → ${acts}${times}; hit ${rule.hits}×`;
}

export async function faultAdd(ctx: Context, { opts }: InputOf<typeof faultAddCommand>): Promise<void> {
  const rule = faultRule(opts);
  const body = await (await emulatorControl(ctx)).addFault(rule);
  ctx.out.result(body, () => `${check(ctx)} ${describeFault(body.falha, (key) => ctx.run.secrets.mask(key))}`);
}

export async function faultList(ctx: Context): Promise<void> {
  const body = await (await emulatorControl(ctx)).listFaults();
  const rules = body.falhas ?? [];
  ctx.out.result(body, () =>
    rules.length === 0
      ? 'No fault rules.'
      : rules.map((rule) => describeFault(rule, (key) => ctx.run.secrets.mask(key))),
  );
}

export async function faultRemove(ctx: Context, { args }: InputOf<typeof faultRemoveCommand>): Promise<void> {
  const id = nonEmpty('<id>', args[0]);
  const body = await (await emulatorControl(ctx)).removeFault(id);
  ctx.out.result(body, () => `${check(ctx)} Fault rule ${id} removed`);
}

export async function faultClear(ctx: Context): Promise<void> {
  const body = await (await emulatorControl(ctx)).clearFaults();
  ctx.out.result(body, () => `${check(ctx)} Every fault rule removed`);
}

export async function emulatorDisconnect(ctx: Context, { args }: InputOf<typeof disconnectCommand>): Promise<void> {
  const ref = nonEmpty('<device>', args[0]).trim();
  const known = await deviceByRef(ctx, ref);
  const body = await (await emulatorControl(ctx)).disconnect(known?.appkey ?? ref);
  ctx.out.result(body, () => `${check(ctx)} Device ${known ? deviceLabel(known) : maskSecret(ref)} disconnected`);
}

/** An instant with its zone: without one, "12:00" would silently mean the emulator machine's zone. */
function instant(value: string): string {
  const trimmed = value.trim();
  const zoned = /(Z|[+-]\d\d:?\d\d)$/i.test(trimmed) && Number.isFinite(Date.parse(trimmed));
  if (!zoned) throw new UsageError(`<time> must be ISO 8601 with its zone, e.g. 2030-01-01T12:00:00Z (got "${value}")`);
  return trimmed;
}

export async function clockSet(ctx: Context, { args }: InputOf<typeof clockSetCommand>): Promise<void> {
  const body = await (await emulatorControl(ctx)).setClock(instant(args[0]));
  ctx.out.result(body, () => `${check(ctx)} Emulator time is now ${body.agora}`);
}

export async function clockAdvance(ctx: Context, { args }: InputOf<typeof clockAdvanceCommand>): Promise<void> {
  const by = args[0].trim();
  if (!DURATION.test(by)) throw new UsageError(`<duration> must be like 500ms, 90s, 15m, 2h or 1d (got "${args[0]}")`);
  const body = await (await emulatorControl(ctx)).advanceClock(by);
  ctx.out.result(body, () => `${check(ctx)} Emulator time is now ${body.agora}`);
}

export async function clockReset(ctx: Context): Promise<void> {
  const body = await (await emulatorControl(ctx)).resetClock();
  ctx.out.result(body, () => `${check(ctx)} Emulator time is real time again (${body.agora})`);
}

/** One line per request: time, status, method, path, operation, fault. */
export function requestLine(entry: LoggedRequestView): string {
  const status = entry.status === null ? 'dropped' : String(entry.status);
  const http = entry.httpStatus !== null && entry.httpStatus !== entry.status ? ` (HTTP ${entry.httpStatus})` : '';
  const operation = entry.operation ? ` ${entry.operation}` : '';
  const fault = entry.fault ? ` [fault ${entry.fault}]` : '';
  return `${entry.timestamp} ${status}${http} ${entry.method} ${entry.path}${operation}${fault}`;
}

export async function emulatorRequests(ctx: Context, { opts }: InputOf<typeof requestsCommand>): Promise<void> {
  if (opts.follow && ctx.out.json)
    throw new UsageError('--follow prints lines as they come; --json prints one document: use one of them');
  const filter: RequestsFilter = {};
  if (opts.device !== undefined) filter.appkey = opts.device;
  if (opts.path !== undefined) filter.path = opts.path;
  if (opts.status !== undefined) filter.status = opts.status;
  if (opts.since !== undefined) filter.since = instant(opts.since);
  const control = await emulatorControl(ctx);
  const body = await control.requests(filter);
  const entries = body.requisicoes ?? [];
  if (!opts.follow) {
    ctx.out.result(body, () => (entries.length === 0 ? 'No requests received.' : entries.map(requestLine)));
    return;
  }
  for (const entry of entries) ctx.out.raw(`${requestLine(entry)}\n`);
  ctx.out.info('Following new requests; Ctrl-C to stop.');
  const interrupt = ctx.run.catchInterrupt();
  let after = entries.at(-1)?.id ?? 0;
  try {
    while (!interrupt.signal.aborted) {
      await new Promise((resolve) => setTimeout(resolve, FOLLOW_INTERVAL_MS));
      const next = (await control.requests({ ...filter, after })).requisicoes ?? [];
      for (const entry of next) ctx.out.raw(`${requestLine(entry)}\n`);
      after = next.at(-1)?.id ?? after;
    }
  } finally {
    interrupt.release();
  }
}

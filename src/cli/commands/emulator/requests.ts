// emulator requests: the service requests the emulator received, once or followed.
import type { LoggedRequestView, RequestsFilter } from '../../../api/emulator-control.js';
import { UsageError } from '../../../errors.js';
import type { InputOf } from '../../command.js';
import type { requestsCommand } from './requests-command.js';
import type { Context } from '../../context.js';
import { emulatorControl } from './control-client.js';
import { instant } from './instant.js';
import { localTime } from './conversation/message-lines.js';
import { clean } from '../../../listen/content.js';
import type { ChalkInstance } from 'chalk';

export const FOLLOW_INTERVAL_MS = 500;

export interface RequestLineOptions {
  /** The profile's time zone: times are written in it, as every command writes them. */
  timeZone: string;
  style: ChalkInstance;
}

/** One line per request: time, status, method, path, operation, fault, and why the emulator refused it. */
export function requestLine(entry: LoggedRequestView, options: RequestLineOptions): string {
  const status = entry.status === null ? 'dropped' : String(entry.status);
  const http = entry.httpStatus !== null && entry.httpStatus !== entry.status ? ` (HTTP ${entry.httpStatus})` : '';
  const operation = entry.operation ? ` ${clean(entry.operation)}` : '';
  const fault = entry.fault ? ` [fault ${clean(entry.fault)}]` : '';
  const when = localTime(entry.timestamp, options.timeZone, 'date-time');
  const line = `${when} ${status}${http} ${entry.method} ${clean(entry.path)}${operation}${fault}`;
  return entry.reason ? `${line} ${options.style.yellow(`— ${clean(entry.reason)}`)}` : line;
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
  const options: RequestLineOptions = { timeZone: (await ctx.settings()).timezone.value, style: ctx.out.style };
  const line = (entry: LoggedRequestView) => requestLine(entry, options);
  const body = await control.requests(filter);
  const entries = body.requisicoes ?? [];
  if (!opts.follow) {
    ctx.out.result(body, () => (entries.length === 0 ? 'No requests received.' : entries.map(line)));
    return;
  }
  // Ctrl-C is caught before the first line goes out: whoever reads a line may stop the follower at once.
  const interrupt = ctx.run.catchInterrupt();
  for (const entry of entries) ctx.out.raw(`${line(entry)}\n`);
  ctx.out.info('Following new requests; Ctrl-C to stop.');
  let after = entries.at(-1)?.id ?? 0;
  try {
    while (!interrupt.signal.aborted) {
      await new Promise((resolve) => setTimeout(resolve, FOLLOW_INTERVAL_MS));
      const next = (await control.requests({ ...filter, after })).requisicoes ?? [];
      for (const entry of next) ctx.out.raw(`${line(entry)}\n`);
      after = next.at(-1)?.id ?? after;
    }
  } finally {
    interrupt.release();
  }
}

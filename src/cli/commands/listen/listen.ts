// listen: receives the service's webhook POSTs, prints each event, optionally forwards it, until Ctrl-C.
import { UsageError } from '../../../errors.js';
import { JQ_ON_STREAM } from '../../../output/output.js';
import type { Context } from '../../context.js';
import type { InputOf } from '../../command.js';
import type { listenCommand } from './listen-command.js';
import { httpUrl, nonEmpty } from '../../shared/validate.js';
import { parseEvents, parsePath, pointsAtItself, type EventKind } from '../../../listen/options.js';
import { startReceiver, type Receiver } from '../../../listen/receiver.js';
import { ListenSession, type ForwardSend } from './session.js';
import { aborted } from '../../wait/backoff.js';

/** How long Ctrl-C waits for forward retries still pending (each gets one last attempt). */
export const FLUSH_MS = 3000;

interface ListenPlan {
  host: string;
  port: number;
  path: string;
  forwardTo: string | undefined;
  events: ReadonlySet<EventKind> | undefined;
}

function readPlan(opts: InputOf<typeof listenCommand>['opts']): ListenPlan {
  const host = nonEmpty('--host', opts.host).trim();
  const path = parsePath(opts.path);
  const forwardTo = opts.forwardTo === undefined ? undefined : httpUrl('--forward-to', opts.forwardTo.trim());
  const events = opts.events === undefined ? undefined : parseEvents(opts.events);
  return { host, port: opts.port, path, forwardTo, events };
}

/** Runs the receiver until SIGINT or SIGTERM, then flushes forwards and prints the summary. */
export async function listen(ctx: Context, { opts }: InputOf<typeof listenCommand>): Promise<void> {
  if (ctx.options.jq !== undefined) throw new UsageError(JQ_ON_STREAM);
  const plan = readPlan(opts);
  if (ctx.options.dryRun) {
    printPlan(ctx, plan);
    return;
  }
  ctx.run.keepOutputFlowing();
  const timeZone = ctx.out.json ? 'UTC' : (await ctx.settings()).timezone.value;
  const session = new ListenSession(
    ctx,
    { events: plan.events, forwardTo: plan.forwardTo, timeZone },
    await sender(ctx, plan),
  );
  const receiver = await open(plan, (raw, type) => session.accept(raw, type));
  if (plan.forwardTo && pointsAtItself(plan.forwardTo, plan.host, receiver.port, plan.path)) {
    await receiver.close();
    throw new UsageError(`--forward-to ${plan.forwardTo} is this listener itself — forward to your app's URL instead`);
  }
  session.notice(`Listening on ${receiver.url}`);
  ctx.out.info(hint(plan, receiver.url));
  await untilStopped(ctx);
  await receiver.close();
  await session.queue?.stop(FLUSH_MS);
  await session.settled();
  for (const line of session.summary()) session.notice(line);
}

async function sender(ctx: Context, plan: ListenPlan): Promise<ForwardSend | undefined> {
  const target = plan.forwardTo;
  if (target === undefined) return undefined;
  const [{ forwardOnce }, { VERSION }] = await Promise.all([
    import('../../../api/forward.js'),
    import('../../../version.js'),
  ]);
  const timeoutMs = ctx.timeoutMs();
  const dispatcher = await ctx.run.dispatcher();
  return (event, signal) =>
    forwardOnce({
      url: target,
      body: event.raw,
      contentType: event.contentType,
      timeoutMs,
      userAgent: `chatbot/${VERSION} (listen)`,
      signal,
      dispatcher,
    });
}

async function open(plan: ListenPlan, onEvent: (raw: Buffer, type: string | undefined) => void): Promise<Receiver> {
  try {
    return await startReceiver({ host: plan.host, port: plan.port, path: plan.path, onEvent });
  } catch (error) {
    throw listenFailure(error, plan);
  }
}

function listenFailure(error: unknown, plan: ListenPlan): Error {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') {
    return new UsageError(
      `Port ${plan.port} is already in use — pick another with --port, or --port 0 for any free port`,
    );
  }
  if (code === 'EACCES') {
    return new UsageError(
      `Not allowed to listen on port ${plan.port} — use a port above 1023 with --port, or --port 0`,
    );
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new UsageError(
      `--host ${plan.host} is not an address of this machine — use 127.0.0.1, or 0.0.0.0 for every interface`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

function hint(plan: ListenPlan, url: string): string {
  const forwarding = plan.forwardTo ? `, forwarding to ${plan.forwardTo}` : '';
  return `Point a device here with \`chatbot pair --webhook ${url}\`${forwarding}. Ctrl-C to stop.`;
}

function printPlan(ctx: Context, plan: ListenPlan): void {
  const body = {
    dryRun: true,
    host: plan.host,
    port: plan.port,
    path: plan.path,
    forwardTo: plan.forwardTo ?? null,
    events: plan.events ? [...plan.events] : null,
  };
  ctx.out.result(body, () => [
    `Would listen on ${plan.host}:${plan.port}${plan.path}${plan.forwardTo ? ` and forward to ${plan.forwardTo}` : ''}`,
  ]);
  ctx.out.info('Dry run: nothing was started.');
}

/** Resolves on the first SIGINT or SIGTERM; a second Ctrl-C after that ends the process the usual way. */
function untilStopped(ctx: Context): Promise<void> {
  return aborted(ctx.run.catchInterrupt().signal);
}

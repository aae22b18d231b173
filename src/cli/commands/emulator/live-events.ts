// The emulator's live events (GET /__emulator/events, Server-Sent Events) for the commands that follow them: a stream
// that was dropped is taken up again where it stopped (Last-Event-ID), and an emulator that stopped answering ends it.
import type { StreamEvent } from '../../../api/event-stream.js';
import { NetworkError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { sleep } from '../../wait/backoff.js';
import type { LiveEvent } from './control-api.js';
import { controlToken } from './control-client.js';

/** As the emulator's `retry:` says. */
const RECONNECT_MS = 1000;
/** Reconnections in a row that may fail before the emulator counts as gone. */
const ATTEMPTS = 5;
/** The emulator sends a heartbeat every 15 s: four missed is a dead stream. */
const IDLE_MS = 60_000;

type Connect = (lastEventId: string | undefined) => Promise<AsyncGenerator<StreamEvent>>;

function liveEvent(event: StreamEvent): LiveEvent | undefined {
  const id = Number(event.id);
  if (!Number.isInteger(id)) return undefined;
  return { id, type: event.type, data: JSON.parse(event.data) as unknown } as LiveEvent;
}

/**
 * Resolves once the stream is open (what happens from then on is in it), with the events as they come, until
 * `signal` aborts; throws a NetworkError when the emulator cannot be reached at first or stops answering.
 */
export async function followLiveEvents(ctx: Context, signal: AbortSignal): Promise<AsyncGenerator<LiveEvent>> {
  const [baseUrl, { openEventStream }, dispatcher] = await Promise.all([
    ctx.serviceUrl(),
    import('../../../api/event-stream.js'),
    ctx.run.dispatcher(),
  ]);
  const url = `${baseUrl.replace(/\/+$/, '')}/__emulator/events`;
  const connect: Connect = (lastEventId) =>
    openEventStream({
      url,
      headers: controlToken(ctx).headers ?? {},
      timeoutMs: ctx.timeoutMs(),
      idleMs: IDLE_MS,
      signal,
      dispatcher,
      ...(lastEventId === undefined ? {} : { lastEventId }),
    });
  return resumed(await connect(undefined), connect, signal, baseUrl);
}

async function* resumed(
  first: AsyncGenerator<StreamEvent>,
  connect: Connect,
  signal: AbortSignal,
  baseUrl: string,
): AsyncGenerator<LiveEvent> {
  let stream: AsyncGenerator<StreamEvent> | undefined = first;
  let lastId: string | undefined;
  while (stream) {
    try {
      for await (const raw of stream) {
        lastId = raw.id ?? lastId;
        const event = liveEvent(raw);
        if (event) yield event;
      }
    } catch {
      // A dropped stream: taken up again below.
    }
    stream = signal.aborted ? undefined : await reconnect(connect, lastId, signal, baseUrl);
  }
}

async function reconnect(
  connect: Connect,
  lastId: string | undefined,
  signal: AbortSignal,
  baseUrl: string,
): Promise<AsyncGenerator<StreamEvent> | undefined> {
  for (let attempt = 1; ; attempt++) {
    await sleep(RECONNECT_MS, signal);
    if (signal.aborted) return undefined;
    try {
      return await connect(lastId);
    } catch (error) {
      if (attempt === ATTEMPTS || !(error instanceof NetworkError)) {
        throw new NetworkError(`The emulator at ${baseUrl} stopped answering (its event stream ended)`);
      }
    }
  }
}

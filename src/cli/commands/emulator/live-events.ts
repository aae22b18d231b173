// The emulator's live events (GET /__emulator/events, read by chatbot-cli/emulator's follower) for the commands that
// follow them: a stream that was dropped is taken up again where it stopped (Last-Event-ID), and an emulator that
// stopped answering ends it with a network error.
import type { LiveEvent } from '../../../api/emulator-control.js';
import { NetworkError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { sleep } from '../../wait/backoff.js';
import { controlToken } from './control-client.js';

/** As the emulator's `retry:` says. */
const RECONNECT_MS = 1000;
/** Reconnections in a row that may fail before the emulator counts as gone. */
const ATTEMPTS = 5;

type Connect = (lastEventId: number | undefined) => Promise<AsyncGenerator<LiveEvent>>;

/**
 * Resolves once the stream of the emulator at `baseUrl` is open (what happens from then on is in it), with the
 * events as they come, until `signal` aborts; throws a NetworkError when the emulator cannot be reached at first or
 * stops answering.
 */
export async function followLiveEvents(
  ctx: Context,
  baseUrl: string,
  signal: AbortSignal,
): Promise<AsyncGenerator<LiveEvent>> {
  const { openEvents } = await import('../../../emulator/testing/live-events.js');
  const url = baseUrl.replace(/\/+$/, '');
  const headers = controlToken(ctx).headers ?? {};
  const connect: Connect = async (lastEventId) => {
    try {
      return await openEvents(url, headers, { signal, ...(lastEventId === undefined ? {} : { lastEventId }) });
    } catch (error) {
      const why = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
      throw new NetworkError(`Could not follow the emulator's live events at ${url}/__emulator/events: ${why}`);
    }
  };
  return resumed(await connect(undefined), connect, signal, url);
}

async function* resumed(
  first: AsyncGenerator<LiveEvent>,
  connect: Connect,
  signal: AbortSignal,
  url: string,
): AsyncGenerator<LiveEvent> {
  let stream: AsyncGenerator<LiveEvent> | undefined = first;
  let lastId: number | undefined;
  while (stream) {
    try {
      for await (const event of stream) {
        lastId = event.id;
        yield event;
      }
    } catch {
      // A dropped stream: taken up again below.
    }
    stream = signal.aborted ? undefined : await reconnect(connect, lastId, signal, url);
  }
}

async function reconnect(
  connect: Connect,
  lastId: number | undefined,
  signal: AbortSignal,
  url: string,
): Promise<AsyncGenerator<LiveEvent> | undefined> {
  for (let attempt = 1; ; attempt++) {
    await sleep(RECONNECT_MS, signal);
    if (signal.aborted) return undefined;
    try {
      return await connect(lastId);
    } catch (error) {
      if (attempt === ATTEMPTS) {
        throw new NetworkError(`The emulator at ${url} stopped answering (its event stream ended): ${String(error)}`);
      }
    }
  }
}

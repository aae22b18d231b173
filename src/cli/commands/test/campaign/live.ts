// The emulator's live events a load run reads (GET /__emulator/events without chat messages): the request log (the
// bot's refused requests) and webhook attempts, as they happen, however many there are (the emulator's own logs keep
// only the latest thousands). A dropped stream is taken up again where it stopped; event types it does not know
// (a snapshot, chats, devices…) are passed over.
import type { LiveEvent } from '../../../../api/emulator-control.js';
import { sleep } from '../../../wait/backoff.js';

const ATTEMPTS = 5;
const RECONNECT_MS = 200;

export interface LiveFollow {
  /** Whether the stream is open (the figures it gives are complete). */
  readonly open: boolean;
  /** Events the emulator no longer had when the stream was taken up again (a `resync`). */
  readonly lost: boolean;
  stop(): Promise<void>;
}

/** Follows the stream until stop(); `hear` gets each event. Resolves once the stream is open, or could not be. */
export async function followLive(url: string, hear: (event: LiveEvent) => void): Promise<LiveFollow> {
  const { openEvents } = await import('../../../../emulator/testing/live-events.js');
  const controller = new AbortController();
  const state = { open: false, lost: false, lastId: undefined as number | undefined };
  const connect = () =>
    openEvents(
      url,
      {},
      {
        chats: [],
        logs: true,
        signal: controller.signal,
        ...(state.lastId === undefined ? {} : { lastEventId: state.lastId }),
      },
    );
  let stream: AsyncGenerator<LiveEvent> | undefined = await connect().catch(() => undefined);
  state.open = stream !== undefined;
  const reading = (async () => {
    for (let failures = 0; stream && failures < ATTEMPTS;) {
      try {
        for await (const event of stream) {
          state.lastId = event.id;
          failures = 0;
          if (event.type === 'resync') state.lost = true;
          else hear(event);
        }
      } catch {
        // Dropped: taken up again below.
      }
      if (controller.signal.aborted) return;
      failures += 1;
      await sleep(RECONNECT_MS, controller.signal);
      stream = await connect().catch(() => stream);
    }
  })();
  return {
    get open() {
      return state.open;
    },
    get lost() {
      return state.lost;
    },
    async stop() {
      controller.abort();
      await reading.catch(() => undefined);
    },
  };
}

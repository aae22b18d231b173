// A follower of the live events (GET /__emulator/events) for the tests: what it heard so far, a promise that settles
// when the stream ends, and a stop that aborts it and waits for that end.
import type { LiveEvent } from '../../../../src/emulator/control/types.js';
import { ControlClient } from '../../../../src/emulator/testing/client.js';
import type { FollowOptions } from '../../../../src/emulator/testing/live-events.js';

export interface Follower {
  events: LiveEvent[];
  ended: Promise<void>;
  stop(): Promise<void>;
}

/** Follows the emulator at `url`, from `lastEventId` when given, with the chats and logs `asked`. */
export function follow(
  url: string,
  lastEventId?: number,
  asked: Omit<FollowOptions, 'signal' | 'lastEventId'> = {},
): Follower {
  const controller = new AbortController();
  const events: LiveEvent[] = [];
  const resume = lastEventId === undefined ? {} : { lastEventId };
  const stream = new ControlClient(url).events({ signal: controller.signal, ...resume, ...asked });
  const ended = (async () => {
    try {
      for await (const event of stream) events.push(event);
    } catch {
      // The stream was stopped, or the emulator ended it.
    }
  })();
  return {
    events,
    ended,
    stop: async () => {
      controller.abort();
      await ended;
    },
  };
}

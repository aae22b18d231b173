// The live side of the emulator: its events (bus.ts), what the store's changes become (feed.ts), and the streams
// that carry them to followers (stream.ts; http/open-reply.ts keeps their responses open).
import type { GroupedStore } from '../store/group-commit.js';
import { LiveEvents } from './bus.js';
import { LiveFeed } from './feed.js';
import { LiveStreams } from './stream.js';

export interface Live {
  bus: LiveEvents;
  feed: LiveFeed;
  streams: LiveStreams;
}

export function createLive(store: GroupedStore, now: () => number): Live {
  const bus = new LiveEvents();
  const feed = new LiveFeed(store, bus, now);
  return { bus, feed, streams: new LiveStreams(bus, feed) };
}

// GET /__emulator/events: the live events as Server-Sent Events. Every event has its sequence id; a follower that
// reconnects with Last-Event-ID gets what it missed (or a `resync` event when that is no longer kept); a comment
// every HEARTBEAT_MS keeps proxies from closing a quiet stream.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { LiveEvent } from '../control/types.js';
import type { Filter, LiveEvents } from './bus.js';
import type { LiveFeed } from './feed.js';

export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting (the stream's `retry:`). */
export const RECONNECT_MS = 1000;
/** A follower this far behind (bytes not yet taken by the socket) is dropped; it resumes from its Last-Event-ID. */
const MAX_BACKLOG_BYTES = 8 * 1024 * 1024;

export function formatEvent(event: Pick<LiveEvent, 'id' | 'type' | 'data'>): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** Each event's text, written once however many follow it. */
const formatted = new WeakMap<LiveEvent, string>();

function text(events: readonly LiveEvent[]): string {
  let joined = '';
  for (const event of events) {
    let one = formatted.get(event);
    if (one === undefined) {
      one = formatEvent(event);
      formatted.set(event, one);
    }
    joined += one;
  }
  return joined;
}

/**
 * A follower's filter: `chats` (`<device id>:<chat>` each) limits the `message` events to those chats (an empty
 * list: none), `logs` false leaves out the request and webhook logs; neither given: everything.
 */
export function streamFilter(chats: string[] | undefined, logs: boolean | undefined): Filter {
  return { messages: chats === undefined ? 'all' : new Set(chats), logs: logs ?? true };
}

/** The id to resume after: the Last-Event-ID header (what a browser sends), else `lastEventId` in the query. */
export function resumePoint(headers: IncomingHttpHeaders, query: string | undefined): number | undefined {
  const raw = headers['last-event-id'] ?? query;
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined || !/^\d+$/.test(text.trim())) return undefined;
  return Number(text);
}

export class LiveStreams {
  private readonly open = new Set<ServerResponse>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: LiveEvents,
    private readonly feed: LiveFeed,
  ) {}

  /** Takes over the response: headers, what was missed since `after`, then every event until either side closes. */
  attach(req: IncomingMessage, res: ServerResponse, after: number | undefined, filter?: Filter): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RECONNECT_MS}\n\n`);
    const subscription = this.bus.subscribe((events) => this.send(res, text(events)), after, filter);
    this.feed.follow();
    if (subscription.missed === undefined) {
      const last = this.bus.nextId - 1;
      res.write(formatEvent({ id: last, type: 'resync', data: { desde: after ?? 0 } }));
    } else if (subscription.missed.length > 0) res.write(text(subscription.missed));
    this.open.add(res);
    this.startHeartbeat();
    const close = () => {
      subscription.close();
      this.open.delete(res);
      if (this.open.size === 0) this.stopHeartbeat();
    };
    req.on('close', close);
    res.on('close', close);
  }

  /** Ends every stream (their browsers reconnect and resume); returns how many there were. */
  disconnectAll(): number {
    const count = this.open.size;
    for (const res of this.open) res.destroy();
    return count;
  }

  close(): void {
    this.disconnectAll();
    this.stopHeartbeat();
  }

  private send(res: ServerResponse, text: string): void {
    if (res.writableLength > MAX_BACKLOG_BYTES) res.destroy();
    else res.write(text);
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const res of this.open) this.send(res, ': heartbeat\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

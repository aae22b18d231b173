// GET /__emulator/events: the live events as Server-Sent Events. A stream begins with a `snapshot` of the state at
// the bus position it follows from (the snapshot's id), then every change after it, each with its id; a follower
// that reconnects with Last-Event-ID gets what it missed (or a `resync` event and a new snapshot when that is no
// longer kept), and after a `reset` every stream gets a new snapshot. A comment every HEARTBEAT_MS keeps proxies from
// closing a quiet stream.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { LiveEvent, LiveSnapshot } from '../control/types.js';
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

/** What a snapshot holds beyond the devices, clock and faults. */
export interface SnapshotScope {
  /** `<device id>:<chat>` of each chat whose newest page it carries; undefined: the follower names no chats. */
  chats: readonly string[] | undefined;
  /** Whether it carries every device's chat list. */
  lists: boolean;
  /** Whether it carries the logs' newest rows. */
  logs: boolean;
}

export type TakeSnapshot = (at: { posicao: number; retoma: number | null }, scope: SnapshotScope) => LiveSnapshot;

/** What a follower asks for: where it resumes, its filter, and on a resume what it did not follow before. */
export interface FollowRequest {
  after: number | undefined;
  filter: Filter;
  /** `<device id>:<chat>` of the chats it names anew, and `logs` when it follows the logs anew (a resume only). */
  fresh: readonly string[];
}

/**
 * What a snapshot for this filter holds: a follower that names its chats (the console) gets their pages, the chat
 * lists and the logs' newest rows if it follows them; a follower of every chat, the devices, clock and faults alone.
 * `only`: of these (a resume's fresh ones) alone.
 */
export function snapshotScope(filter: Filter, only?: readonly string[]): SnapshotScope {
  if (filter.messages === 'all') return { chats: undefined, lists: false, logs: false };
  const named = filter.messages;
  return {
    chats: [...named].filter((key) => only === undefined || only.includes(key)),
    lists: true,
    logs: filter.logs && (only === undefined || only.includes('logs')),
  };
}

function snapshotEvent(snapshot: LiveSnapshot): string {
  return formatEvent({ id: snapshot.posicao, type: 'snapshot', data: snapshot });
}

export class LiveStreams {
  private readonly open = new Set<ServerResponse>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: LiveEvents,
    private readonly feed: LiveFeed,
  ) {}

  /**
   * Takes over the response: headers, a snapshot (or, on a resume, what was missed since `after` and a snapshot of
   * what is fresh), then every event until either side closes.
   */
  attach(req: IncomingMessage, res: ServerResponse, asked: FollowRequest, snapshot: TakeSnapshot): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RECONNECT_MS}\n\n`);
    const { after, filter, fresh } = asked;
    const full = () => snapshotEvent(snapshot({ posicao: this.bus.nextId - 1, retoma: null }, snapshotScope(filter)));
    const listener = (events: readonly LiveEvent[]) => {
      const afterReset = events.some((event) => event.type === 'reset') ? full() : '';
      this.send(res, text(events) + afterReset);
    };
    const subscription = this.bus.subscribe(listener, after, filter);
    this.feed.follow();
    const posicao = this.bus.nextId - 1;
    if (subscription.missed === undefined) {
      res.write(formatEvent({ id: posicao, type: 'resync', data: { desde: after ?? 0 } }) + full());
    } else if (after === undefined) res.write(full());
    else {
      res.write(text(subscription.missed));
      if (fresh.length > 0) {
        res.write(snapshotEvent(snapshot({ posicao, retoma: after }, snapshotScope(filter, fresh))));
      }
    }
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

// Live events for the console and any other follower (GET /__emulator/events): each gets a sequence id, the last
// KEPT_EVENTS are kept so that a follower that lost its connection resumes where it was (Last-Event-ID), and nothing
// is built or kept while nobody follows: publishers ask `active` (or `wantsLogs` / `wantedChats`) first, so an
// emulator without a console, or with a console that shows no log, pays one check per change.
// A follower may ask for less than every event (its Filter): only the messages of the chats it shows, no request or
// webhook log. What nobody asks for is never built.
import type { LiveEvent, LiveEventData, LiveEventType } from '../control/types.js';

export const KEPT_EVENTS = 5000;
/** How long events are still kept after the last follower left: a reconnecting console must find them. */
export const RESUME_WINDOW_MS = 60_000;

/** What a follower asks for; everything else (devices, clock, faults, schedules, chat lists, resets) always comes. */
export interface Filter {
  /** `message` events: of every chat, or of these chats only (`<device id>:<chat>`). */
  messages: 'all' | ReadonlySet<string>;
  /** `request` and `webhook` events (the request and webhook delivery logs). */
  logs: boolean;
}

export const EVERYTHING: Filter = { messages: 'all', logs: true };

export type Listener = (events: readonly LiveEvent[]) => void;

export interface Subscription {
  /** The kept events after the one asked for that the filter lets through, or undefined when some are no longer kept. */
  missed: LiveEvent[] | undefined;
  close(): void;
}

export function messageKey(deviceId: string, chat: string): string {
  return `${deviceId}:${chat}`;
}

/**
 * Whether `chats` holds the chat `chat` of `device`; a null device stands for every device (a refused send whose keys
 * named none shows in every device's chat with its recipient).
 */
export function holdsChat(chats: 'all' | ReadonlySet<string>, device: string | null, chat: string): boolean {
  if (chats === 'all') return true;
  if (device !== null) return chats.has(messageKey(device, chat));
  for (const key of chats) if (key.endsWith(`:${chat}`)) return true;
  return false;
}

/**
 * The chat a log row belongs to: a webhook attempt's, a refused send's (the console shows both in the chat);
 * undefined for the other requests.
 */
export function logRowChat(event: LiveEvent): { device: string | null; chat: string } | undefined {
  if (event.type === 'webhook') return { device: event.data.dispositivo, chat: event.data.chat };
  if (event.type !== 'request' || !event.data.chat || event.data.reason === null) return undefined;
  return { device: event.data.dispositivo ?? null, chat: event.data.chat };
}

/** Whether a follower with this filter gets this event: the log rows of the chats it follows come without the logs. */
export function lets(filter: Filter, event: LiveEvent): boolean {
  if (event.type === 'request' || event.type === 'webhook') {
    if (filter.logs) return true;
    const row = logRowChat(event);
    return row !== undefined && filter.messages !== 'all' && holdsChat(filter.messages, row.device, row.chat);
  }
  if (event.type !== 'message' || filter.messages === 'all') return true;
  return filter.messages.has(messageKey(event.data.dispositivo, event.data.chat));
}

export class LiveEvents {
  private kept: LiveEvent[] = [];
  private next = 1;
  private readonly listeners = new Map<Listener, Filter>();
  /** The filters of followers that left within the resume window: what they come back for is still built. */
  private departed: { filter: Filter; at: number }[] = [];
  private pending: LiveEvent[] = [];
  private flushQueued = false;
  /** Whether events were let go unkept since the last one kept (nobody followed for a while). */
  private skipped = false;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** Whether anyone follows, or followed a moment ago and may come back. */
  get active(): boolean {
    return this.listeners.size > 0 || this.lingering().length > 0;
  }

  /** Whether anyone (following, or back soon) reads the request and webhook logs live. */
  get wantsLogs(): boolean {
    return this.anyFilter((filter) => filter.logs);
  }

  /** The chats whose messages anyone (following, or back soon) reads live: every chat, or these `messageKey`s. */
  wantedChats(): 'all' | ReadonlySet<string> {
    const keys = new Set<string>();
    for (const filter of [...this.listeners.values(), ...this.lingering().map((left) => left.filter)]) {
      if (filter.messages === 'all') return 'all';
      for (const key of filter.messages) keys.add(key);
    }
    return keys;
  }

  /** Whether anyone (following, or back soon) follows this chat by name (see holdsChat): its log rows are built. */
  wantsChat(device: string | null, chat: string): boolean {
    return this.anyFilter((filter) => filter.messages !== 'all' && holdsChat(filter.messages, device, chat));
  }

  get followers(): number {
    return this.listeners.size;
  }

  /** The id the next event will get. */
  get nextId(): number {
    return this.next;
  }

  publish<Type extends LiveEventType>(type: Type, data: LiveEventData[Type]): void {
    if (!this.active) {
      this.letGo();
      return;
    }
    const event = { id: this.next, type, data } as LiveEvent;
    this.next += 1;
    this.skipped = false;
    this.kept.push(event);
    if (this.kept.length > KEPT_EVENTS) this.kept.splice(0, this.kept.length - KEPT_EVENTS);
    this.pending.push(event);
    if (this.flushQueued) return;
    this.flushQueued = true;
    setImmediate(() => this.flush());
  }

  /** Follows from now on; `after` (a Last-Event-ID) asks for the kept events after it. */
  subscribe(listener: Listener, after?: number, filter: Filter = EVERYTHING): Subscription {
    this.flush();
    this.listeners.set(listener, filter);
    const missed = after === undefined ? [] : this.keptAfter(after)?.filter((event) => lets(filter, event));
    return {
      missed,
      close: () => {
        if (this.listeners.delete(listener)) this.departed.push({ filter, at: this.clock() });
      },
    };
  }

  private anyFilter(test: (filter: Filter) => boolean): boolean {
    for (const filter of this.listeners.values()) if (test(filter)) return true;
    return this.lingering().some((left) => test(left.filter));
  }

  private lingering(): { filter: Filter; at: number }[] {
    if (this.departed.length === 0) return this.departed;
    const since = this.clock() - RESUME_WINDOW_MS;
    if (this.departed.some((left) => left.at <= since)) this.departed = this.departed.filter((left) => left.at > since);
    return this.departed;
  }

  private keptAfter(after: number): LiveEvent[] | undefined {
    if (after >= this.next) return undefined;
    const oldest = this.kept[0]?.id ?? this.next;
    if (after < oldest - 1) return undefined;
    return this.kept.filter((event) => event.id > after);
  }

  /** Nobody follows: what is kept is dropped, and the ids move on, so that an old Last-Event-ID asks for a resync. */
  private letGo(): void {
    if (this.skipped) return;
    this.skipped = true;
    this.kept = [];
    this.next += 1;
  }

  private flush(): void {
    this.flushQueued = false;
    if (this.pending.length === 0) return;
    const events = this.pending;
    this.pending = [];
    for (const [listener, filter] of this.listeners) {
      const wanted = filter === EVERYTHING ? events : events.filter((event) => lets(filter, event));
      if (wanted.length > 0) listener(wanted);
    }
  }
}

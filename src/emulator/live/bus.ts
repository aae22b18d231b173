// Live events for the console and any other follower (GET /__emulator/events): each gets a sequence id, the last
// KEPT_EVENTS are kept so that a follower that lost its connection resumes where it was (Last-Event-ID), and nothing
// is built or kept while nobody follows: publishers check `active` first, so an emulator without a console pays one
// property read per change.
import type { LiveEvent, LiveEventData, LiveEventType } from '../control/types.js';

export const KEPT_EVENTS = 5000;
/** How long events are still kept after the last follower left: a reconnecting console must find them. */
export const RESUME_WINDOW_MS = 60_000;

export type Listener = (events: readonly LiveEvent[]) => void;

export interface Subscription {
  /** The kept events after the one asked for, or undefined when some of them are no longer kept. */
  missed: LiveEvent[] | undefined;
  close(): void;
}

export class LiveEvents {
  private kept: LiveEvent[] = [];
  private next = 1;
  private readonly listeners = new Set<Listener>();
  private leftAt = -Infinity;
  private pending: LiveEvent[] = [];
  private flushQueued = false;
  /** Whether events were let go unkept since the last one kept (nobody followed for a while). */
  private skipped = false;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** Whether anyone follows, or followed a moment ago and may come back. */
  get active(): boolean {
    if (this.listeners.size > 0) return true;
    return this.leftAt !== -Infinity && this.clock() - this.leftAt < RESUME_WINDOW_MS;
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
  subscribe(listener: Listener, after?: number): Subscription {
    this.flush();
    this.listeners.add(listener);
    const missed = after === undefined ? [] : this.keptAfter(after);
    return {
      missed,
      close: () => {
        if (this.listeners.delete(listener) && this.listeners.size === 0) this.leftAt = this.clock();
      },
    };
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
    for (const listener of this.listeners) listener(events);
  }
}

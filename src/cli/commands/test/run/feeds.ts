// What the bot sent, read from the emulator once for every conversation of a device: a conversation waiting for the
// bot asks its device's feed, which fetches at most once per poll interval however many conversations wait, so that
// --parallel adds no load of its own. Each fetch asks only for what followed the last item read (the outbox's and the
// request log's `after`), so a run reads each message once: its reads grow with its messages, not their square.
// (The live event stream was the other way; its messages come from a feed that looks every 100 ms, which would add
// that much to every expectation, where a read here is at most one poll interval behind.)
import type { EmulatorControl, LoggedRequestView, OutboxMessage } from '../../../../api/emulator-control.js';
import { sleep } from '../../../wait/backoff.js';

/** How often a waited-on feed is fetched again. */
export const POLL_MS = 20;

/** A list that only grows, fetched again (throttled, one fetch at a time) when someone waits for more. */
abstract class Feed<T> {
  protected items: T[] = [];
  private fetching: Promise<void> | undefined;
  private lastFetch = 0;

  /** The items that came after those already read. */
  protected abstract fetchNew(): Promise<T[]>;

  /** Keeps newly read items (a subclass also indexes them). */
  protected add(fresh: readonly T[]): void {
    for (const item of fresh) this.items.push(item);
  }

  /** Items so far; `refresh` fetches newer ones. */
  get all(): readonly T[] {
    return this.items;
  }

  /** Fetches the list again, no sooner than POLL_MS after the last fetch, sharing a fetch under way. */
  refresh(signal: AbortSignal): Promise<void> {
    this.fetching ??= this.fetchAfterPause(signal).finally(() => {
      this.fetching = undefined;
    });
    return this.fetching;
  }

  private async fetchAfterPause(signal: AbortSignal): Promise<void> {
    const wait = this.lastFetch + POLL_MS - Date.now();
    if (wait > 0) await sleep(wait, signal);
    this.add(await this.fetchNew());
    this.lastFetch = Date.now();
  }

  /** The first value `find` makes of the items, fetching until `deadline` (epoch ms); undefined when none came. */
  async waitFor<R>(
    find: (items: readonly T[]) => R | undefined,
    deadline: number,
    signal: AbortSignal,
  ): Promise<R | undefined> {
    for (;;) {
      const found = find(this.items);
      if (found !== undefined || signal.aborted) return found;
      if (Date.now() >= deadline) return undefined;
      await this.refresh(signal);
    }
  }
}

/** Everything that went out for one device, oldest first, and each chat's share of it. */
export class OutboxFeed extends Feed<OutboxMessage> {
  /** Per recipient: the positions of its messages in `all`, so a conversation reads its own without the rest. */
  private readonly byChat = new Map<string, number[]>();

  constructor(
    private readonly control: EmulatorControl,
    private readonly appkey: string,
  ) {
    super();
  }

  /** The messages to these chats, oldest first. */
  of(chats: ReadonlySet<string>): OutboxMessage[] {
    const positions: number[] = [];
    for (const chat of chats) positions.push(...(this.byChat.get(chat) ?? []));
    if (chats.size > 1) positions.sort((a, b) => a - b);
    return positions.map((position) => this.items[position] as OutboxMessage);
  }

  protected async fetchNew(): Promise<OutboxMessage[]> {
    return (await this.control.outbox({ appkey: this.appkey, after: this.items.at(-1)?.id })).mensagens ?? [];
  }

  protected override add(fresh: readonly OutboxMessage[]): void {
    for (const message of fresh) {
      let positions = this.byChat.get(message.to);
      if (!positions) this.byChat.set(message.to, (positions = []));
      positions.push(this.items.length);
      this.items.push(message);
    }
  }
}

/** The device's scheduleMessage requests the service accepted: what the bot scheduled, oldest first. */
export class ScheduleFeed extends Feed<LoggedRequestView> {
  private seen = 0;

  constructor(
    private readonly control: EmulatorControl,
    private readonly appkey: string,
  ) {
    super();
  }

  protected async fetchNew(): Promise<LoggedRequestView[]> {
    const filter = { appkey: this.appkey, path: '/api/create-message', status: 200, after: this.seen };
    const fresh = (await this.control.requests(filter)).requisicoes ?? [];
    this.seen = fresh.at(-1)?.id ?? this.seen;
    return fresh.filter((entry) => entry.operation === 'scheduleMessage');
  }
}

/** The feeds of each device, made on first use. */
export class Feeds {
  private readonly outboxes = new Map<string, OutboxFeed>();
  private readonly scheduleFeeds = new Map<string, ScheduleFeed>();

  constructor(private readonly control: EmulatorControl) {}

  outbox(appkey: string): OutboxFeed {
    let feed = this.outboxes.get(appkey);
    if (!feed) this.outboxes.set(appkey, (feed = new OutboxFeed(this.control, appkey)));
    return feed;
  }

  schedules(appkey: string): ScheduleFeed {
    let feed = this.scheduleFeeds.get(appkey);
    if (!feed) this.scheduleFeeds.set(appkey, (feed = new ScheduleFeed(this.control, appkey)));
    return feed;
  }
}

// What the bot sent, read from the emulator once for every conversation of a device: a conversation waiting for the
// bot asks its device's feed, which fetches at most once per poll interval however many conversations wait, so that
// --parallel adds no load of its own.
import type { EmulatorControl, LoggedRequestView, OutboxMessage } from '../../../../api/emulator-control.js';
import { sleep } from '../../../wait/backoff.js';

/** How often a waited-on feed is fetched again. */
export const POLL_MS = 20;

/** A list that only grows, fetched again (throttled, one fetch at a time) when someone waits for more. */
abstract class Feed<T> {
  protected items: T[] = [];
  private fetching: Promise<void> | undefined;
  private lastFetch = 0;

  protected abstract fetch(): Promise<T[]>;

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
    this.items = await this.fetch();
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

/** Everything that went out for one device, oldest first. */
export class OutboxFeed extends Feed<OutboxMessage> {
  constructor(
    private readonly control: EmulatorControl,
    private readonly appkey: string,
  ) {
    super();
  }

  protected async fetch(): Promise<OutboxMessage[]> {
    return (await this.control.outbox(this.appkey)).mensagens ?? [];
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

  protected async fetch(): Promise<LoggedRequestView[]> {
    const filter = { appkey: this.appkey, path: '/api/create-message', status: 200, after: this.seen };
    const fresh = (await this.control.requests(filter)).requisicoes ?? [];
    this.seen = fresh.at(-1)?.id ?? this.seen;
    return [...this.items, ...fresh.filter((entry) => entry.operation === 'scheduleMessage')];
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

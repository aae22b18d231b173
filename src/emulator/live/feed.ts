// What changed in the store, as live events: messages both ways, schedules made or gone, accounts and devices. While
// somebody follows, it looks at most every FEED_INTERVAL_MS after a change (and every second for what time alone
// changes, such as autoConnect), reading only committed rows past what it saw: its cost does not grow with the
// requests a load test sends, and without a follower it does nothing.
import { chatMessage, pendingSchedule, recipientsOf } from '../control/chat-view.js';
import { accountsView } from '../control/devices.js';
import { newestSequences, pendingSchedules, rowsAfter, type PendingScheduleRow } from '../store/conversations.js';
import type { GroupedStore } from '../store/group-commit.js';
import type { LiveEvents } from './bus.js';

export const FEED_INTERVAL_MS = 100;
const IDLE_LOOK_MS = 1000;

export class LiveFeed {
  private seen: { out: number; in: number } | undefined;
  private devices = '';
  private schedules = new Map<string, PendingScheduleRow>();
  private timer: NodeJS.Timeout | undefined;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: GroupedStore,
    private readonly bus: LiveEvents,
    private readonly now: () => number,
  ) {}

  /** Something may have changed: look soon, if anybody follows. */
  nudge(): void {
    if (this.timer || !this.bus.active) return;
    this.timer = setTimeout(() => this.look(), FEED_INTERVAL_MS);
    this.timer.unref();
  }

  /** A follower came: start from what the store holds now, and look every second while anyone follows. */
  follow(): void {
    if (this.seen === undefined) this.baseline();
    if (this.idle) return;
    this.idle = setInterval(() => {
      if (this.bus.followers === 0) this.stop();
      else this.nudge();
    }, IDLE_LOOK_MS);
    this.idle.unref();
  }

  /** The store was wiped or replaced: what was seen no longer says where to go on from. */
  restart(): void {
    if (this.seen !== undefined) this.baseline();
  }

  close(): void {
    clearTimeout(this.timer);
    this.stop();
  }

  private stop(): void {
    clearInterval(this.idle);
    this.idle = undefined;
  }

  private baseline(): void {
    this.seen = newestSequences(this.store);
    this.devices = JSON.stringify(accountsView(this.store, this.now()));
    this.schedules = new Map(pendingSchedules(this.store).map((row) => [row.id, row]));
  }

  private look(): void {
    this.timer = undefined;
    if (!this.bus.active) {
      this.seen = undefined;
      return;
    }
    if (this.store.open) {
      void this.store.committed().then(
        () => this.look(),
        () => this.look(),
      );
      return;
    }
    try {
      this.seen ??= newestSequences(this.store);
      this.publishMessages();
      this.publishSchedules();
      this.publishDevices();
    } catch {
      // The next change looks again; a failed read loses nothing (rows stay past `seen`).
    }
  }

  private publishMessages(): void {
    const seen = this.seen ?? { out: 0, in: 0 };
    for (const row of rowsAfter(this.store, seen.out, seen.in)) {
      if (row.dir === 'out') seen.out = Math.max(seen.out, row.seq);
      else seen.in = Math.max(seen.in, row.seq);
      this.bus.publish('message', { ...chatMessage(row), dispositivo: row.device_id });
    }
  }

  private publishSchedules(): void {
    const current = new Map(pendingSchedules(this.store).map((row) => [row.id, row]));
    const change = (row: PendingScheduleRow, pendente: boolean) =>
      this.bus.publish('schedule', {
        dispositivo: row.device_id,
        chat: recipientsOf(row),
        agendamento: pendingSchedule(row),
        pendente,
      });
    for (const [id, row] of this.schedules) if (!current.has(id)) change(row, false);
    for (const [id, row] of current) if (!this.schedules.has(id)) change(row, true);
    this.schedules = current;
  }

  private publishDevices(): void {
    const contas = accountsView(this.store, this.now());
    const text = JSON.stringify(contas);
    if (text === this.devices) return;
    this.devices = text;
    this.bus.publish('devices', { contas });
  }
}

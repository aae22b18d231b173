// What changed in the store, as live events: messages both ways (each to those who follow its chat), the chats that
// changed per device (counted, at most once a second, to everyone), schedules made or gone, accounts and devices.
// While somebody follows, it looks at most every FEED_INTERVAL_MS after a change (and every second for what time
// alone changes, such as autoConnect), reading only committed rows past what it saw: its cost does not grow with the
// requests a load test sends, and without a follower it does nothing.
import { chatMessage, pendingSchedule, recipientsOf } from '../store/chat-view.js';
import { accountsView } from '../store/account-list.js';
import type { ChatChange, ChatMessage, LiveEventData } from '../control/types.js';
import { isGroupId } from '../rules/recipients.js';
import { previewText } from '../store/chat-preview.js';
import {
  newestSequences,
  pendingSchedules,
  rowsAfter,
  type ConversationRow,
  type PendingScheduleRow,
} from '../store/conversations.js';
import type { GroupedStore } from '../store/group-commit.js';
import { messageKey, type LiveEvents } from './bus.js';

export const FEED_INTERVAL_MS = 100;
const IDLE_LOOK_MS = 1000;

/** At most one `chats` event per device this often: a flood of messages costs a console one list update a second. */
export const CHATS_INTERVAL_MS = 1000;
/** The changed chats an event names per device (the console lists 100); the others are only counted. */
export const CHATS_NAMED = 100;

interface Change {
  chat: string;
  isGrupo: boolean;
  novas: number;
  recebidas: number;
  at: number;
  id: string;
  nome: string | undefined;
  /** The newest row, read into a preview only when the event is sent (once a second, not once a message). */
  newest: ConversationRow | undefined;
}

/** The chats that had messages since the last `chats` event, per device, in the order of their newest message. */
export class ChatChanges {
  private readonly devices = new Map<string, Map<string, Change>>();

  get size(): number {
    return this.devices.size;
  }

  clear(): void {
    this.devices.clear();
  }

  add(row: ConversationRow & { device_id: string }, message: ChatMessage | undefined): void {
    let chats = this.devices.get(row.device_id);
    if (!chats) this.devices.set(row.device_id, (chats = new Map<string, Change>()));
    let change = chats.get(row.chat);
    if (change) chats.delete(row.chat);
    else
      change = {
        chat: row.chat,
        isGrupo: isGroupId(row.chat),
        novas: 0,
        recebidas: 0,
        at: 0,
        id: '',
        nome: undefined,
        newest: undefined,
      };
    chats.set(row.chat, change);
    change.novas += 1;
    change.at = row.at;
    change.id = row.id;
    change.newest = row;
    if (row.dir !== 'in') return;
    change.recebidas += 1;
    if (message?.direction === 'in' && message.nome !== undefined && !change.isGrupo) change.nome = message.nome;
  }

  /** Each device's event: the newest CHATS_NAMED changes and those of `followed` chats; the rest counted. */
  take(followed: 'all' | ReadonlySet<string>): LiveEventData['chats'][] {
    const named = (device: string, chat: string) => followed === 'all' || followed.has(messageKey(device, chat));
    const events = [...this.devices].map(([dispositivo, chats]) => {
      const newestFirst = [...chats.values()].reverse();
      const listed = newestFirst.filter((change, i) => i < CHATS_NAMED || named(dispositivo, change.chat));
      const left = newestFirst.length - listed.length;
      const leftReceived = newestFirst.reduce((sum, change) => sum + change.recebidas, 0);
      return {
        dispositivo,
        conversas: listed.reverse().map(chatChange),
        outras: {
          conversas: left,
          recebidas: leftReceived - listed.reduce((sum, change) => sum + change.recebidas, 0),
        },
      };
    });
    this.devices.clear();
    return events;
  }
}

function chatChange(change: Change): ChatChange {
  const { chat, isGrupo, novas, recebidas, nome } = change;
  const named = nome === undefined ? {} : { nome };
  const previa = change.newest ? { previa: previewText(chatMessage(change.newest)) } : {};
  return {
    chat,
    isGrupo,
    novas,
    recebidas,
    ultima: new Date(change.at).toISOString(),
    ultimaId: change.id,
    ...named,
    ...previa,
  };
}

export class LiveFeed {
  private seen: { out: number; in: number } | undefined;
  private devices = '';
  private schedules = new Map<string, PendingScheduleRow>();
  private timer: NodeJS.Timeout | undefined;
  private idle: NodeJS.Timeout | undefined;
  private readonly changes = new ChatChanges();
  private chatsSentAt = -Infinity;
  private chatsTimer: NodeJS.Timeout | undefined;

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
    this.changes.clear();
    clearTimeout(this.chatsTimer);
    this.chatsTimer = undefined;
    if (this.seen !== undefined) this.baseline();
  }

  close(): void {
    clearTimeout(this.timer);
    clearTimeout(this.chatsTimer);
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

  /** Each new message to those who follow its chat, and every device's changed chats, counted, to everyone. */
  private publishMessages(): void {
    const seen = this.seen ?? { out: 0, in: 0 };
    const followed = this.bus.wantedChats();
    for (const row of rowsAfter(this.store, seen.out, seen.in)) {
      if (row.dir === 'out') seen.out = Math.max(seen.out, row.seq);
      else seen.in = Math.max(seen.in, row.seq);
      const wanted = followed === 'all' || followed.has(messageKey(row.device_id, row.chat));
      const message = wanted || row.dir === 'in' ? chatMessage(row) : undefined;
      this.changes.add(row, message);
      if (wanted && message) this.bus.publish('message', { ...message, dispositivo: row.device_id });
    }
    this.publishChats();
  }

  /** The changed chats, at once after a quiet second, else when a second has passed since the last time. */
  private publishChats(): void {
    if (this.changes.size === 0 || this.chatsTimer) return;
    const wait = this.chatsSentAt + CHATS_INTERVAL_MS - performance.now();
    if (wait > 0) {
      this.chatsTimer = setTimeout(() => {
        this.chatsTimer = undefined;
        this.publishChats();
      }, wait);
      this.chatsTimer.unref();
      return;
    }
    this.chatsSentAt = performance.now();
    for (const event of this.changes.take(this.bus.wantedChats())) {
      this.bus.publish('chats', event);
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

// The in-memory timetable of pending webhook deliveries, backed by the `deliveries` table (which stays the truth):
// one queue per conversation (device + chat), so that a conversation's events go one at a time in queue order while
// different conversations and devices go at once. Every operation costs the same with 10 or 100,000 rows pending.
import { Fifo, MinHeap } from './queues.js';

export interface QueuedDelivery {
  id: number;
  device: string;
  chat: string;
  /** Epoch ms from which it may be attempted. */
  dueAt: number;
}

interface Chat {
  key: string;
  lane: Lane;
  /** Due deliveries, lowest id first. */
  waiting: Fifo<QueuedDelivery>;
  busy: boolean;
  /** Whether it is in its lane's runnable queue. */
  listed: boolean;
  /** Deliveries of this chat waiting in the retry heap. */
  retrying: number;
}

interface Lane {
  device: string;
  inFlight: number;
  chats: number;
  /** Chats that are not busy and have a due delivery, in the order they became so. */
  runnable: Fifo<Chat>;
}

export class DeliveryTimetable {
  private readonly chats = new Map<string, Chat>();
  private readonly lanes = new Map<string, Lane>();
  private readonly ready = new Set<Lane>();
  private readonly later = new MinHeap<QueuedDelivery>((a, b) => a.dueAt - b.dueAt || a.id - b.id);
  private readonly active = new Map<number, Chat>();
  private count = 0;

  /** At most `perDevice` deliveries of one device run at once. */
  constructor(private readonly perDevice: number) {}

  /** Deliveries in memory: waiting, in flight or waiting for a retry. */
  get size(): number {
    return this.count;
  }

  /** Epoch ms of the earliest retry, if any. */
  get nextRetryAt(): number | undefined {
    return this.later.peek()?.dueAt;
  }

  add(delivery: QueuedDelivery, now: number): void {
    const chat = this.chat(delivery);
    this.count += 1;
    if (delivery.dueAt > now) {
      chat.retrying += 1;
      this.later.push(delivery);
    } else this.enqueue(chat, delivery);
  }

  /** Moves retries that have fallen due back into their chats' queues. */
  releaseDue(now: number): void {
    for (let next = this.later.peek(); next && next.dueAt <= now; next = this.later.peek()) {
      this.later.pop();
      const chat = this.chat(next);
      chat.retrying -= 1;
      this.enqueue(chat, next);
    }
  }

  /** Deliveries to start now: the head of each runnable chat, up to the per-device limit. */
  take(): QueuedDelivery[] {
    const started: QueuedDelivery[] = [];
    for (const lane of this.ready) {
      while (lane.inFlight < this.perDevice) {
        const chat = lane.runnable.shift();
        if (!chat) break;
        chat.listed = false;
        const delivery = chat.waiting.shift();
        if (!delivery) continue;
        chat.busy = true;
        lane.inFlight += 1;
        this.active.set(delivery.id, chat);
        started.push(delivery);
      }
      if (lane.runnable.size === 0) this.ready.delete(lane);
    }
    return started;
  }

  /** The attempt of a delivery from take() has ended: `retryAt` when it is to be tried again, else it leaves. */
  finish(delivery: QueuedDelivery, retryAt: number | undefined): void {
    const chat = this.active.get(delivery.id);
    if (!chat) return;
    this.active.delete(delivery.id);
    chat.busy = false;
    chat.lane.inFlight -= 1;
    if (retryAt !== undefined) {
      chat.retrying += 1;
      this.later.push({ ...delivery, dueAt: retryAt });
    } else this.count -= 1;
    if (chat.waiting.size > 0) this.list(chat);
    else if (chat.retrying === 0) this.drop(chat);
    if (chat.lane.inFlight < this.perDevice && chat.lane.runnable.size > 0) this.ready.add(chat.lane);
  }

  private chat(delivery: QueuedDelivery): Chat {
    const key = `${delivery.device}\u0000${delivery.chat}`;
    let chat = this.chats.get(key);
    if (!chat) {
      let lane = this.lanes.get(delivery.device);
      if (!lane) {
        lane = { device: delivery.device, inFlight: 0, chats: 0, runnable: new Fifo() };
        this.lanes.set(delivery.device, lane);
      }
      lane.chats += 1;
      chat = { key, lane, waiting: new Fifo(), busy: false, listed: false, retrying: 0 };
      this.chats.set(key, chat);
    }
    return chat;
  }

  private enqueue(chat: Chat, delivery: QueuedDelivery): void {
    chat.waiting.insertSorted(delivery, (a, b) => a.id - b.id);
    if (!chat.busy) this.list(chat);
  }

  private list(chat: Chat): void {
    if (chat.listed) return;
    chat.listed = true;
    chat.lane.runnable.push(chat);
    this.ready.add(chat.lane);
  }

  private drop(chat: Chat): void {
    this.chats.delete(chat.key);
    chat.lane.chats -= 1;
    if (chat.lane.chats === 0 && chat.lane.inFlight === 0) {
      this.lanes.delete(chat.lane.device);
      this.ready.delete(chat.lane);
    }
  }
}

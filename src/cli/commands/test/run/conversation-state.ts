// One conversation while it runs: its contacts (fresh numbers) or group, the bot's messages to them so far, how many
// expectations have read, and the conversation as it happened.
import { randomInt } from 'node:crypto';
import type { EmulatorControl } from '../../../../api/emulator-control.js';
import type { Conversation } from '../format.js';
import type { Feeds } from './feeds.js';
import type { StepFailure, TranscriptLine } from './results.js';
import { describeSent } from './expectations.js';
import { scheduleRecipients, sentFromOutbox, sentFromSchedule, type SentMessage } from './sent.js';

export interface RunDeps {
  control: EmulatorControl;
  feeds: Feeds;
  /** How long the bot has for an expectation without `within`. */
  stepLimitMs: number;
  /** How long one conversation may take (--timeout). */
  conversationLimitMs: number;
  /** Ctrl-C. */
  signal: AbortSignal;
  phones: PhoneBook;
}

/** A step that did not go as written; the conversation stops there. */
export class StepFailed extends Error {
  constructor(readonly failure: StepFailure) {
    super(failure.message);
  }
}

/**
 * Numbers no other conversation of the run has: São Paulo mobiles (55 11 9xxxx-xxxx) drawn at random, so that a bot
 * that remembers contacts across runs meets new ones; never ending in 0000 (the emulator's "not on the network").
 */
export class PhoneBook {
  private readonly used = new Set<string>();

  next(): string {
    for (;;) {
      const phone = `55119${String(randomInt(10_000_000, 100_000_000))}`;
      if (!phone.endsWith('0000') && !this.used.has(phone)) {
        this.used.add(phone);
        return phone;
      }
    }
  }
}

export class ConversationState {
  /** Where the conversation's messages go: the contact's number, or the group and its members' numbers. */
  readonly chats = new Set<string>();
  /** Each person by name: their number as digits. */
  readonly people = new Map<string, string>();
  readonly speaker: string;
  groupId: string | undefined;
  /** How many of the bot's messages (and schedules) expectations have read. */
  consumed = 0;
  schedulesConsumed = 0;
  /** The ids of the contacts' messages, with their text, in order. */
  readonly contactMessages: { id: string; text: string }[] = [];
  readonly transcript: TranscriptLine[] = [];
  private readonly shown = new Set<string>();
  private readonly sentById = new Map<string, SentMessage>();
  private deadlineAt = Infinity;

  constructor(
    readonly conversation: Conversation,
    readonly deps: RunDeps,
    readonly signal: AbortSignal,
  ) {
    const { contact, group } = conversation.spec;
    const names = group?.members ?? [typeof contact === 'string' ? contact : (contact?.name ?? 'contact')];
    for (const name of names) this.people.set(name, deps.phones.next());
    this.speaker = names[0] ?? 'contact';
  }

  get appkey(): string {
    return this.conversation.device;
  }

  /** The end of the conversation's time (--timeout), once it has started. */
  startClock(now: number): void {
    this.deadlineAt = now + this.deps.conversationLimitMs;
  }

  /** When a wait of `ms` (default: the step limit) must end, never past the conversation's own end. */
  deadline(ms = this.deps.stepLimitMs): number {
    return Math.min(Date.now() + ms, this.deadlineAt);
  }

  /** The bot's messages to this conversation's chats so far, oldest first. */
  botMessages(): SentMessage[] {
    return this.deps.feeds
      .outbox(this.appkey)
      .of(this.chats)
      .map((message) => {
        let sent = this.sentById.get(message.id);
        if (!sent) this.sentById.set(message.id, (sent = sentFromOutbox(message)));
        return sent;
      });
  }

  /** What the bot scheduled for this conversation's chats, oldest first. */
  schedules(): SentMessage[] {
    return this.deps.feeds
      .schedules(this.appkey)
      .all.filter((request) => scheduleRecipients(request.body).some((to) => this.chats.has(to)))
      .map(sentFromSchedule);
  }

  /** The text of a message of this conversation (the bot's or a contact's), by id. */
  quotedText = (id: string): string | undefined =>
    this.contactMessages.find((message) => message.id === id)?.text ??
    this.botMessages().find((message) => message.id === id)?.text;

  /** Adds the bot's messages not yet in the transcript, in the order they went out. */
  syncTranscript(): void {
    for (const message of this.botMessages()) {
      if (this.shown.has(message.id)) continue;
      this.shown.add(message.id);
      this.transcript.push({ who: 'bot', text: describeSent(message) });
    }
  }

  recordContact(who: string, text: string, id: string, logged = text): void {
    this.syncTranscript();
    this.contactMessages.push({ id, text });
    this.transcript.push({ who, text: logged });
  }
}

// One conversation while it runs: its contacts (fresh numbers) or group, the bot's messages to them so far, how many
// expectations have read, and the conversation as it happened.
import { randomInt } from 'node:crypto';
import type { EmulatorControl } from '../../../../api/emulator-control.js';
import type { Conversation } from '../file-types.js';
import type { Feeds } from './feeds.js';
import type { StepFailure, StepResult, TranscriptLine } from './results.js';
import { describeSent } from './expectations.js';
import { scheduleRecipients, sentFromOutbox, sentFromSchedule, type SentMessage } from './sent.js';
import { goesByNumber, type ContactValues } from './placeholders.js';

/** What a run knows of itself that a bot must match: the emulator's address, the bot's keys, its webhook URL. */
export interface RunFacts {
  /** The emulator's base URL (the service's, for the bot). */
  url: string;
  authkey: string | undefined;
  botUrl: string | undefined;
  /** The profile's time zone: the report's times are written in it, as every command writes them. */
  timeZone: string;
}

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
  /** What a failure report tells the bot's developer about this run (diagnosis.ts); none: no diagnosis. */
  facts?: RunFacts;
  /** Under --load: watches each step, and a message the bot repeats for one step is a duplicate, not an answer. */
  observer?: StepObserver;
}

/** What a load run watches of each conversation (`chatbot test --load`). */
export interface StepObserver {
  /** Emulator time minus this machine's (ms), to read the outbox's timestamps on this machine's clock. */
  readonly clockOffsetMs: number;
  stepStarted(state: ConversationState, index: number): void;
  stepEnded(state: ConversationState, index: number, result: StepResult): void;
}

/** A message the bot sent again, the same, after one contact step (the step's index in the conversation). */
export interface RepeatedMessage {
  message: SentMessage;
  stepIndex: number;
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
  /** Each contact step as it started: its index in the conversation and this machine's time (epoch ms). */
  readonly contactSteps: { index: number; at: number }[] = [];
  /** Under --load: the bot's messages that repeated one it sent for the same contact step. */
  readonly repeats: RepeatedMessage[] = [];
  private readonly answers: SentMessage[] = [];
  private classified = 0;
  private readonly seenPerStep = new Map<number, Set<string>>();
  private index = 0;
  readonly transcript: TranscriptLine[] = [];
  private readonly shown = new Set<string>();
  private readonly sentById = new Map<string, SentMessage>();
  private readonly sentTimes = new Map<string, number>();
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

  /** What `{{contact.name}}` and `{{contact.number}}` stand for: the contact (a group's first member) of this run. */
  get contactValues(): ContactValues {
    const number = this.people.get(this.speaker) ?? '';
    return { name: goesByNumber(this.speaker) ? number : this.speaker, number };
  }

  /** The end of the conversation's time (--timeout), once it has started. */
  startClock(now: number): void {
    this.deadlineAt = now + this.deps.conversationLimitMs;
  }

  /** When a wait of `ms` (default: the step limit) must end, never past the conversation's own end. */
  deadline(ms = this.deps.stepLimitMs): number {
    return Math.min(Date.now() + ms, this.deadlineAt);
  }

  /** The bot's messages to this conversation's chats so far, oldest first (under --load, without repeats). */
  botMessages(): SentMessage[] {
    const all = this.deps.feeds.outbox(this.appkey).of(this.chats);
    for (; this.classified < all.length; this.classified += 1) {
      const message = all[this.classified] as (typeof all)[number];
      const sent = sentFromOutbox(message);
      const emulatorTime = Date.parse(message.timestamp);
      this.sentById.set(message.id, sent);
      this.sentTimes.set(message.id, emulatorTime);
      if (!this.isRepeat(sent, emulatorTime)) this.answers.push(sent);
    }
    return this.answers;
  }

  /** When the bot's message of this id went out (emulator time, epoch ms). */
  sentAt(id: string): number | undefined {
    return this.sentTimes.get(id);
  }

  /** Marks the start of a contact step (the time its answer is measured from). */
  contactStepStarting(index: number): void {
    this.contactSteps.push({ index, at: Date.now() });
  }

  /** Under --load: a message the same as one the bot sent after the same contact step is a repeat, kept aside. */
  private isRepeat(sent: SentMessage, emulatorTime: number): boolean {
    const observer = this.deps.observer;
    if (!observer) return false;
    const at = emulatorTime - observer.clockOffsetMs;
    while (this.index < this.contactSteps.length && (this.contactSteps[this.index]?.at ?? Infinity) <= at) {
      this.index += 1;
    }
    const step = this.contactSteps[this.index - 1];
    if (!step) return false;
    const key = JSON.stringify({ ...sent, id: '' });
    let seen = this.seenPerStep.get(step.index);
    if (!seen) this.seenPerStep.set(step.index, (seen = new Set()));
    if (!seen.has(key)) {
      seen.add(key);
      return false;
    }
    this.repeats.push({ message: sent, stepIndex: step.index });
    return true;
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

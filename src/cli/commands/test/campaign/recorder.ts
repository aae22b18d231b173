// What a load run measures as it goes: arrivals, each contact step's answer time (the step's start on this machine
// to the bot's next message to that contact, by the emulator's timestamp: the runner's own polling is not in it),
// contacts done, the bot's requests the emulator refused, and webhook attempts (from the emulator's live events).
import type { LiveEvent } from '../../../../api/emulator-control.js';
import type { ConversationState, StepObserver } from '../run/conversation-state.js';
import type { ConversationResult, StepResult } from '../run/results.js';

export interface Answer {
  /** When the step started, ms from the run's start. */
  at: number;
  ms: number;
  /** The step: `<conversation> › <number> <label>`. */
  step: string;
}

export interface Rejection {
  status: number | null;
  operation: string | null;
  path: string;
  reason: string | null;
}

export interface Attempt {
  idMessagem: string;
  entrega: number;
  tentativa: number;
  /** Epoch ms (emulator time) the attempt ended. */
  em: number;
  ok: boolean;
  error: string | null;
  givenUp: boolean;
}

type WebhookData = Extract<LiveEvent, { type: 'webhook' }>['data'];
type RequestData = Extract<LiveEvent, { type: 'request' }>['data'];

/** `conversation › 3 say "oi"`: how reports name a step. */
export function stepKey(state: ConversationState, index: number, label: string): string {
  return `${state.conversation.spec.name} › ${index + 1} ${label}`;
}

export class Recorder implements StepObserver {
  /** When the first contact was due (set again just before arrivals start, once the live stream is open). */
  startedAt = Date.now();
  readonly arrivals: number[] = [];
  readonly answers: Answer[] = [];
  /** Steps whose expectation got no message at all, by step. */
  readonly unanswered = new Map<string, number>();
  readonly done: { at: number; failed: boolean }[] = [];
  readonly failures: ConversationResult[] = [];
  readonly rejections: Rejection[] = [];
  serviceRequests = 0;
  readonly attempts: Attempt[] = [];
  /** Each contact event's id: the step it was, and when it started (this machine's epoch ms). */
  readonly events = new Map<string, { step: string; at: number }>();
  readonly states: ConversationState[] = [];
  running = 0;
  private readonly pending = new Map<ConversationState, { at: number; step: string; consumed: number }>();
  private readonly consumedBefore = new Map<ConversationState, number>();

  constructor(
    readonly clockOffsetMs: number,
    /** Each contact event sent (its idMessagem), as it is sent. */
    private readonly onContactEvent: (id: string) => void = () => undefined,
  ) {}

  arrived(): void {
    this.arrivals.push(Date.now() - this.startedAt);
    this.running += 1;
  }

  finished(result: ConversationResult): void {
    this.running -= 1;
    const failed = result.status === 'failed';
    this.done.push({ at: Date.now() - this.startedAt, failed });
    if (failed) this.failures.push(result);
  }

  stepStarted(state: ConversationState, _index: number): void {
    this.consumedBefore.set(state, state.consumed);
  }

  stepEnded(state: ConversationState, index: number, result: StepResult): void {
    const key = stepKey(state, index, result.label);
    const contact = state.contactSteps.at(-1);
    if (contact?.index === index) {
      this.pending.set(state, { at: contact.at, step: key, consumed: state.consumed });
      const sent = state.contactMessages.at(-1);
      if (sent && result.status === 'passed') {
        this.events.set(sent.id, { step: key, at: contact.at });
        this.onContactEvent(sent.id);
      }
      return;
    }
    if (result.action === 'expect') this.expectEnded(state);
  }

  /** The first expectation after a contact step: the message it read is the answer. */
  private expectEnded(state: ConversationState): void {
    const waiting = this.pending.get(state);
    const before = this.consumedBefore.get(state) ?? 0;
    if (!waiting) return;
    this.pending.delete(state);
    if (state.consumed === before) {
      this.unanswered.set(waiting.step, (this.unanswered.get(waiting.step) ?? 0) + 1);
      return;
    }
    const message = state.botMessages()[before];
    const sentAt = message ? state.sentAt(message.id) : undefined;
    if (sentAt === undefined) return;
    const ms = Math.max(0, sentAt - this.clockOffsetMs - waiting.at);
    this.answers.push({ at: waiting.at - this.startedAt, ms, step: waiting.step });
  }

  /** A live event of the emulator: a service request answered, or a webhook attempt ended; others are not read. */
  heard(event: LiveEvent): void {
    if (event.type === 'request') this.request(event.data);
    else if (event.type === 'webhook') this.attempt(event.data);
  }

  private request(data: RequestData): void {
    if (!data.path.startsWith('/api/')) return;
    this.serviceRequests += 1;
    if (data.status === 200) return;
    this.rejections.push({ status: data.status, operation: data.operation, path: data.path, reason: data.reason });
  }

  private attempt(data: WebhookData): void {
    const ok = data.httpStatus !== null && data.httpStatus >= 200 && data.httpStatus < 300;
    this.attempts.push({
      idMessagem: data.idMessagem,
      entrega: data.entrega,
      tentativa: data.tentativa,
      em: Date.parse(data.em),
      ok,
      error: data.erro,
      givenUp: !ok && data.proxima === null,
    });
  }
}

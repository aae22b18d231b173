// The control API's one client (/__emulator/*): a method per route, each taking what control/types.ts declares for
// it and answering what it declares. It loads nothing but those types and reaches the emulator through the send
// function it is given, so it runs anywhere: the CLI gives it its HTTP layer (deadlines, masked secrets, dry runs),
// the library entry (chatbot-cli/emulator) and the console's page give it fetch through fetchSend. The event stream
// (/__emulator/events) is not a call and answer: testing/live-events.ts and the page's live.ts follow it.
import type * as C from './types.js';

/** Sends one control call: a GET without a body, a POST of `body` as JSON; resolves with the 200 answer, else throws. */
export type ControlSend = (path: string, body?: Record<string, unknown>) => Promise<unknown>;

/** What each method answers, by its name: the control API's declarations. */
export interface ControlAnswers {
  health: C.MessageAnswer;
  setup: C.SetupAnswer;
  connect: C.MessageAnswer;
  disconnect: C.MessageAnswer;
  setWebhook: C.WebhookAddressAnswer;
  options: C.OptionsAnswer;
  setOptions: C.OptionsChangedAnswer;
  createGroup: C.GroupAnswer;
  createTemplate: C.TemplateAnswer;
  issueOtp: C.OtpAnswer;
  inbound: C.InboundAnswer;
  nameContact: C.ContactNameAnswer;
  outbox: C.OutboxAnswer;
  webhooks: C.WebhooksAnswer;
  attempts: C.AttemptsAnswer;
  redeliver: C.RedeliverAnswer;
  devices: C.DevicesAnswer;
  pairing: C.PairingAnswer;
  chats: C.ChatsAnswer;
  chat: C.ChatAnswer;
  addFault: C.FaultAddedAnswer;
  faults: C.FaultsAnswer;
  removeFault: C.MessageAnswer;
  clearFaults: C.MessageAnswer;
  clock: C.ClockAnswer;
  setClock: C.ClockAnswer;
  advanceClock: C.ClockAnswer;
  resetClock: C.ClockAnswer;
  requests: C.RequestsAnswer;
  exportState: C.StateAnswer;
  importState: C.ImportAnswer;
  loadRun: C.LoadAnswer;
  postLoad: C.MessageAnswer;
  disconnectEvents: C.DisconnectedStreamsAnswer;
  reset: C.MessageAnswer;
}

/** Any reading of the answers: the declarations by default; the CLI reads them as less, and checks before use. */
export type AnswerReading = { [Method in keyof ControlAnswers]: unknown };

/** `?a=1&b=x` of the fields that are given; '' when none is. */
function query(fields: object): string {
  const given = Object.entries(fields).flatMap(([key, value]): [string, string][] =>
    value === undefined ? [] : [[key, String(value)]],
  );
  return given.length === 0 ? '' : `?${new URLSearchParams(given).toString()}`;
}

/** One method per control route, over one send function. */
export class ControlApi<Answers extends AnswerReading = ControlAnswers> {
  constructor(private readonly send: ControlSend) {}

  private at<Method extends keyof ControlAnswers>(route: string, body?: object): Promise<Answers[Method]> {
    return this.send(`/__emulator/${route}`, body as Record<string, unknown> | undefined);
  }

  /** Answers only where the base URL is the emulator. */
  health() {
    return this.at<'health'>('health');
  }

  /** An account with a device of it, connected: made, or re-used by their keys. */
  setup(request: C.SetupRequest) {
    return this.at<'setup'>('setup', request);
  }

  /** The device's phone completes pairing. */
  connect(request: C.ConnectRequest) {
    return this.at<'connect'>('connect', request);
  }

  disconnect(request: C.DisconnectRequest) {
    return this.at<'disconnect'>('disconnect', request);
  }

  /** The device's webhook address changes without pairing it again. */
  setWebhook(request: C.WebhookAddressRequest) {
    return this.at<'setWebhook'>('devices/webhook', request);
  }

  options() {
    return this.at<'options'>('options');
  }

  setOptions(request: C.OptionsRequest) {
    return this.at<'setOptions'>('options', request);
  }

  createGroup(request: C.CreateGroupRequest) {
    return this.at<'createGroup'>('groups', request);
  }

  createTemplate(request: C.CreateTemplateRequest) {
    return this.at<'createTemplate'>('templates', request);
  }

  /** A one-time code "sent" by the device, for the service's verification. */
  issueOtp(request: C.IssueOtpRequest) {
    return this.at<'issueOtp'>('otp', request);
  }

  /** A contact writes, clicks, votes, reacts or shares a location. */
  inbound(request: C.InboundRequest) {
    return this.at<'inbound'>('inbound', request);
  }

  nameContact(request: C.ContactNameRequest) {
    return this.at<'nameContact'>('contacts/name', request);
  }

  /** Everything that went out for the device, oldest first. */
  outbox(request: C.OutboxQuery) {
    return this.at<'outbox'>(`outbox${query(request)}`);
  }

  /** The device's webhook queue, oldest first. */
  webhooks(request: C.WebhooksQuery) {
    return this.at<'webhooks'>(`webhooks${query(request)}`);
  }

  /** Every attempt at delivering the device's webhook events (or one delivery's), oldest first. */
  attempts(request: C.AttemptsQuery) {
    return this.at<'attempts'>(`webhooks/attempts${query(request)}`);
  }

  /** A delivery's event (or an edited one) queued again as a new delivery. */
  redeliver(request: C.RedeliverRequest) {
    return this.at<'redeliver'>('webhooks/redeliver', request);
  }

  /** Every account with its devices. */
  devices() {
    return this.at<'devices'>('devices');
  }

  /** A device's pairing QR and code while it is not connected. */
  pairing(request: C.AppkeyQuery) {
    return this.at<'pairing'>(`pairing${query(request)}`);
  }

  /** The device's chats, the most recent first. */
  chats(request: C.ChatsQuery) {
    return this.at<'chats'>(`chats${query(request)}`);
  }

  /** A page of one chat, both ways, oldest first. */
  chat(request: C.ChatQuery) {
    return this.at<'chat'>(`chat${query(request)}`);
  }

  addFault(rule: C.FaultRuleInput) {
    return this.at<'addFault'>('faults', rule);
  }

  faults() {
    return this.at<'faults'>('faults');
  }

  removeFault(request: C.RemoveFaultRequest) {
    return this.at<'removeFault'>('faults/remove', request);
  }

  clearFaults() {
    return this.at<'clearFaults'>('faults/clear', {});
  }

  /** The emulator's clock now, and whether it was moved. */
  clock() {
    return this.at<'clock'>('clock');
  }

  setClock(request: C.SetClockRequest) {
    return this.at<'setClock'>('clock/set', request);
  }

  advanceClock(request: C.AdvanceClockRequest) {
    return this.at<'advanceClock'>('clock/advance', request);
  }

  resetClock() {
    return this.at<'resetClock'>('clock/reset', {});
  }

  /** Service requests the emulator received, oldest first. */
  requests(request: C.RequestsQuery = {}) {
    return this.at<'requests'>(`requests${query(request)}`);
  }

  /** The whole state as one document. */
  exportState() {
    return this.at<'exportState'>('state');
  }

  /** Replaces the whole state with an exported document. */
  importState(document: C.StateDocument) {
    return this.at<'importState'>('state', document);
  }

  /** The latest load run's figures, as its runner last posted them. */
  loadRun() {
    return this.at<'loadRun'>('load');
  }

  /** A load run's figures now (each tick, and at its end), for the console. */
  postLoad(run: C.LoadRun) {
    return this.at<'postLoad'>('load', run);
  }

  /** Ends every open event stream (followers reconnect and resume). */
  disconnectEvents() {
    return this.at<'disconnectEvents'>('events/disconnect', {});
  }

  /** Erases the whole emulator state. */
  reset() {
    return this.at<'reset'>('reset', {});
  }
}

/** An answer's body as fetchSend hands it to `refused`: `{}` when it was not a JSON object. */
export type ControlBody = Record<string, unknown> & { status?: unknown; message?: unknown };

/** What fetchSend needs of fetch: the browser's and Node's are both one. */
export type FetchLike = (
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{ status: number; json(): Promise<unknown> }>;

export interface FetchSendOptions {
  fetch: FetchLike;
  /** The emulator's URL; '' on its own origin (the page). */
  baseUrl: string;
  /** Sent with every call (the control token of an emulator listening beyond loopback). */
  headers?: Readonly<Record<string, string>>;
  /** The error to throw for an answer other than a 200 (the HTTP status, or the body's `status`, is not 200). */
  refused: (path: string, status: number, body: ControlBody) => Error;
}

/** A send function over fetch: JSON in and out, an error from `refused` for anything but a 200. */
export function fetchSend(options: FetchSendOptions): (path: string, body?: unknown) => Promise<ControlBody> {
  const { fetch: fetchOne, baseUrl, headers = {}, refused } = options;
  return async (path, body) => {
    const init =
      body === undefined
        ? { headers: { ...headers } }
        : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const res = await fetchOne(baseUrl + path, init);
    const answer: unknown = await res.json().catch(() => undefined);
    const read = typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? (answer as ControlBody) : {};
    if (res.status !== 200 || read.status !== 200) throw refused(path, res.status, read);
    return read;
  };
}

// Typed client of the control API (/__emulator/*) for the user's own tests; every call throws on a non-200 answer.
import { randomBytes } from 'node:crypto';
import type {
  AccountView,
  ChatSummary,
  InboundRequest,
  LiveEvent,
  LoadRun,
  StateDocument,
  WebhookAttempt,
} from '../control/types.js';
import { ControlApi, fetchSend, type ControlBody } from '../control/client.js';
import { Contact, type ContactOptions } from './contact.js';
import { followEvents, openEvents, type FollowOptions } from './live-events.js';
import { ClockClient, FaultsClient } from './instrument-clients.js';
import type {
  ChatPage,
  Pairing,
  GroupCreated,
  InboundEvent,
  LoggedRequest,
  OtpIssued,
  OutboxMessage,
  RequestFilter,
  SetupOptions,
  TestDevice,
  WebhookDelivery,
} from './types.js';
import { waitForItem, type WaitOptions } from './waiting.js';

type Body = ControlBody;

/** A control or service call the emulator answered with a status other than 200. */
export class EmulatorCallError extends Error {
  readonly status: number;
  readonly body: Body;

  constructor(path: string, status: number, body: Body) {
    super(`${path} answered ${status}: ${typeof body.message === 'string' ? body.message : JSON.stringify(body)}`);
    this.name = 'EmulatorCallError';
    this.status = status;
    this.body = body;
  }
}

export interface ControlClientOptions {
  /** The emulator's control token, needed only when it listens beyond loopback. */
  token?: string;
}

export class ControlClient {
  readonly faults: FaultsClient;
  readonly clock: ClockClient;

  private readonly headers: Record<string, string>;
  private readonly api: ControlApi;

  /** `token`: what an emulator listening beyond loopback requires (printed at its start; CHATBOT_EMULATOR_TOKEN). */
  constructor(
    readonly url: string,
    options: ControlClientOptions = {},
  ) {
    this.headers = options.token === undefined ? {} : { 'x-emulator-token': options.token };
    this.call = fetchSend({
      fetch: (target, init) => fetch(target, init),
      baseUrl: url,
      headers: this.headers,
      refused: (path, status, body) => new EmulatorCallError(path, Number(body.status ?? status), body),
    });
    this.api = new ControlApi(this.call);
    this.faults = new FaultsClient(this.call);
    this.clock = new ClockClient(this.call);
  }

  /** POSTs `body` as JSON (GET when there is none) and returns the answer; throws unless it is a 200. */
  readonly call: (path: string, body?: unknown) => Promise<Body>;

  /** Registers an account and pairs one device (connected unless `connected: false`), in one call. */
  async setup(options: SetupOptions = {}): Promise<TestDevice> {
    const tag = randomBytes(6).toString('hex');
    const registered = await this.call('/api/auth', {
      auth: 'registrar',
      nome: `Teste ${tag}`,
      email: `teste-${tag}@example.com`,
      senha: `senha-${tag}`,
      telefone: '+5511900000000',
      plano: '1',
    });
    const authkey = String((registered.data as Body).authkey);
    const appkey = options.appkey ?? `app-${tag}`;
    await this.call('/api/v2/qrcode', {
      authkey,
      setAppkey: appkey,
      ...(options.webhook === undefined ? {} : { webhook: options.webhook }),
      ...(options.phone === undefined ? {} : { phone: options.phone }),
    });
    if (options.connected !== false) await this.connect(appkey);
    const checked = await this.call('/api/developer', { authkey, message: appkey, checkDispositivo: true });
    const dispositivo = checked.dispositivo as Body;
    return { authkey, appkey, id: String(dispositivo.id), name: String(dispositivo.nome) };
  }

  /** The device's phone completes pairing; `phone` is the number it turns out to have. */
  async connect(appkey: string, phone?: string): Promise<void> {
    await this.api.connect({ appkey, ...(phone === undefined ? {} : { telefone: phone }) });
  }

  async disconnect(appkey: string): Promise<void> {
    await this.api.disconnect({ appkey });
  }

  /** Points the device's webhook at `url` (`''`: none) without pairing it again; returns the address now set. */
  async setWebhook(appkey: string, url: string): Promise<string> {
    return (await this.api.setWebhook({ appkey, webhook: url })).webhook;
  }

  /** Every send to a device that is not connected fails with 404 while this is on. */
  async requireConnected(on: boolean): Promise<void> {
    await this.api.setOptions({ requireConnected: on });
  }

  async createGroup(
    appkey: string,
    group: { titulo: string; descricao?: string; participantes?: { id: string; admin?: boolean }[] },
  ): Promise<GroupCreated> {
    const { grupo, convite } = await this.api.createGroup({ appkey, ...group });
    return { grupo, convite };
  }

  /** A template of the account; returns its `template_id`. */
  async createTemplate(
    authkey: string,
    texto: string,
    botoes: (string | { id?: string; texto: string })[] = [],
  ): Promise<string> {
    return (await this.api.createTemplate({ authkey, texto, botoes })).template_id;
  }

  /** An OTP code the device "sent" to `to`, for verifyOtp. */
  async issueOtp(appkey: string, to: string): Promise<OtpIssued> {
    const { code, expiraEm } = await this.api.issueOtp({ appkey, to });
    return { code, expiraEm };
  }

  /** A contact writes, clicks, votes, reacts or shares a location; returns the event's `idMessagem`. */
  async inbound(appkey: string, evento: InboundEvent, fields: Record<string, unknown>): Promise<string> {
    return (await this.api.inbound({ appkey, evento, ...fields } as InboundRequest)).idMessagem;
  }

  /**
   * One of the device's contacts (a phone number), with a method per thing they do: `says`, `sendsFile`, `clicks`,
   * `votes`, `reacts`, `sharesLocation` — each an `inbound` call with its fields named for you.
   */
  contact(appkey: string, phone: string, options: ContactOptions = {}): Contact {
    return new Contact(
      phone,
      options,
      (evento, fields) => this.inbound(appkey, evento, fields),
      () => this.outbox(appkey),
    );
  }

  /** The first message the device sent that `fits` (every one by default): already there, or the next to come. */
  waitForOutbox(
    appkey: string,
    fits: (message: OutboxMessage) => boolean = () => true,
    options: WaitOptions = {},
  ): Promise<OutboxMessage> {
    const read = () => this.outbox(appkey);
    return waitForItem({ follow: this.followFor, read, fits, what: `message sent by ${appkey}` }, options);
  }

  /** The first webhook delivery of the device that `fits` (every one by default), in the state it has then. */
  waitForWebhook(
    appkey: string,
    fits: (delivery: WebhookDelivery) => boolean = () => true,
    options: WaitOptions = {},
  ): Promise<WebhookDelivery> {
    const read = () => this.webhooks(appkey);
    return waitForItem({ follow: this.followFor, read, fits, what: `webhook delivery of ${appkey}` }, options);
  }

  private readonly followFor = (signal: AbortSignal) => openEvents(this.url, this.headers, { signal });

  /** Everything that went out for the device, oldest first. */
  async outbox(appkey: string): Promise<OutboxMessage[]> {
    return (await this.api.outbox({ appkey })).mensagens;
  }

  async webhooks(appkey: string): Promise<WebhookDelivery[]> {
    return (await this.api.webhooks({ appkey })).entregas;
  }

  /** Service requests received, accepted or rejected, oldest first. */
  async requests(filter: RequestFilter = {}): Promise<LoggedRequest[]> {
    const since = filter.since instanceof Date ? filter.since.toISOString() : filter.since;
    const { appkey, path, status, after, mensagem } = filter;
    return (await this.api.requests({ appkey, path, status, since, after, mensagem })).requisicoes;
  }

  /** Erases all state: accounts, devices, messages, fault rules, the request log; the clock goes back to real time. */
  async reset(): Promise<void> {
    await this.api.reset();
  }

  /** Every account with its devices (their keys whole, connection, pairing code). */
  async devices(): Promise<AccountView[]> {
    return (await this.api.devices()).contas;
  }

  /** A fresh pairing QR (content and SVG) and the 8-digit code, while the device is not connected. */
  async pairing(appkey: string): Promise<Pairing> {
    const { status: _status, ...pairing } = await this.api.pairing({ appkey });
    return pairing;
  }

  /** The device's chats (contacts, groups, status posts), the most recent first. */
  async chats(appkey: string): Promise<ChatSummary[]> {
    return (await this.api.chats({ appkey })).conversas;
  }

  /** A page of a chat's messages both ways, oldest first; `before` = a message's cursor pages back from it. */
  async chat(appkey: string, chat: string, page: { before?: string; limit?: number } = {}): Promise<ChatPage> {
    const { status: _status, ...answer } = await this.api.chat({
      appkey,
      chat,
      before: page.before,
      limit: page.limit,
    });
    return answer;
  }

  /** Every attempt of the device's webhook deliveries (or of one), oldest first. */
  async attempts(appkey: string, delivery?: number): Promise<WebhookAttempt[]> {
    return (await this.api.attempts({ appkey, entrega: delivery })).tentativas;
  }

  /** Queues a delivery's event again (or `edited` in its place) as a new delivery; returns its id. */
  async redeliver(delivery: number, edited?: Record<string, unknown>): Promise<number> {
    return (await this.api.redeliver(edited === undefined ? { id: delivery } : { id: delivery, corpo: edited }))
      .entrega;
  }

  /** The whole state (every table, and the clock) as one JSON document. */
  async exportState(): Promise<StateDocument> {
    const { status: _status, ...document } = await this.api.exportState();
    return document;
  }

  /** Replaces the whole state with an exported document; returns how many rows it holds. */
  async importState(document: StateDocument): Promise<number> {
    return (await this.api.importState(document)).linhas;
  }

  /** The live events as they come (Server-Sent Events); stop with `signal`. */
  events(options: FollowOptions = {}): AsyncGenerator<LiveEvent> {
    return followEvents(this.url, this.headers, options);
  }

  /** The latest `chatbot test --load` run's figures as its runner last posted them, or null when none was. */
  async loadRun(): Promise<LoadRun | null> {
    return (await this.api.loadRun()).carga;
  }

  /** Ends every open event stream (followers reconnect and resume); returns how many there were. */
  async disconnectEvents(): Promise<number> {
    return (await this.api.disconnectEvents()).streams;
  }
}

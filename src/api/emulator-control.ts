// Client of the local emulator's control API (/__emulator/*): what the network does outside the service.
import type * as Control from '../emulator/control/types.js';
import type { Requester, ServiceBody } from './request.js';

// The control API's shapes are the emulator's own declarations (src/emulator/control/types.ts, types only: the CLI
// and the emulator share no logic). Each answer is read as a ServiceBody with the fields the CLI uses, which the
// CLI checks before use where a missing one would mislead (they are optional here for that reason).

export type ControlParticipant = Required<Control.GroupParticipant>;
export type OutboxMessage = Control.OutboxMessage;
export type ChatMessage = Control.ChatMessage;
export type PendingSchedule = Control.PendingSchedule;
export type LiveEvent = Control.LiveEvent;

export type SetupDone = ServiceBody & Pick<Control.SetupAnswer, 'authkey' | 'appkey' | 'id' | 'nome'>;
export type GroupCreated = ServiceBody & Pick<Control.GroupAnswer, 'grupo' | 'convite'>;
export type TemplateCreated = ServiceBody & Pick<Control.TemplateAnswer, 'template_id'>;
export type OtpIssued = ServiceBody & Pick<Control.OtpAnswer, 'code'> & Partial<Pick<Control.OtpAnswer, 'expiraEm'>>;
export type InboundAccepted = ServiceBody & Partial<Pick<Control.InboundAnswer, 'idMessagem'>>;
export type OutboxBody = ServiceBody & Partial<Pick<Control.OutboxAnswer, 'mensagens'>>;

export type ChatsBody = ServiceBody & Partial<Pick<Control.ChatsAnswer, 'conversas'>>;
export type ChatBody = ServiceBody & Partial<Pick<Control.ChatAnswer, 'mensagens' | 'anterior' | 'agendados'>>;
export type DevicesBody = ServiceBody & Partial<Pick<Control.DevicesAnswer, 'contas'>>;
export type PairingBody = ServiceBody & Partial<Pick<Control.PairingAnswer, 'dispositivo' | 'conectado'>>;

export type FaultRuleView = Control.FaultRule;
export type LoggedRequestView = Control.LoggedRequest;

export type FaultAdded = ServiceBody & Pick<Control.FaultAddedAnswer, 'falha'>;
export type FaultsBody = ServiceBody & Partial<Pick<Control.FaultsAnswer, 'falhas'>>;
export type ClockBody = ServiceBody & Pick<Control.ClockAnswer, 'agora' | 'alterado'>;
export type RequestsBody = ServiceBody & Partial<Pick<Control.RequestsAnswer, 'requisicoes'>>;

/** Filters of GET /__emulator/requests; `after` is the last id already seen. */
export type RequestsFilter = Control.RequestsQuery;
export type WebhookAttemptView = Control.WebhookAttempt;
export type AttemptsBody = ServiceBody & Partial<Pick<Control.AttemptsAnswer, 'tentativas'>>;

export type DeliveryState = Control.DeliveryState;
export type WebhookDelivery = Control.WebhookDelivery;

export type WebhooksBody = ServiceBody & {
  contagem?: Partial<Control.WebhooksAnswer['contagem']> | null;
} & Partial<Pick<Control.WebhooksAnswer, 'entregas'>>;

/** Kinds of incoming event `/__emulator/inbound` accepts (its `evento` field). */
export type InboundEvent = Control.InboundEvent;

const BASE = '/__emulator';

/** One method per control route, bound to one request function. */
export class EmulatorControl {
  constructor(private readonly request: Requester) {}

  /** GET /__emulator/health: answers only when the base URL is the local emulator. */
  health(): Promise<ServiceBody> {
    return this.request(`${BASE}/health`, undefined);
  }

  /** An account with this authkey and a device of it with this appkey and webhook, connected: made or re-used. */
  setup(input: Control.SetupRequest): Promise<SetupDone> {
    return this.request(`${BASE}/setup`, { ...input }) as Promise<SetupDone>;
  }

  /** The device's phone completes pairing; `telefone` is the number it turns out to have, as digits. */
  connect(appkey: string, telefone?: string): Promise<ServiceBody> {
    return this.request(`${BASE}/connect`, { appkey, ...(telefone === undefined ? {} : { telefone }) });
  }

  createGroup(
    appkey: string,
    input: { title: string; description?: string; participants: ControlParticipant[] },
  ): Promise<GroupCreated> {
    const body: Record<string, unknown> = { appkey, titulo: input.title, participantes: input.participants };
    if (input.description !== undefined) body.descricao = input.description;
    return this.request(`${BASE}/groups`, body) as Promise<GroupCreated>;
  }

  /** A template of the account; with `id`, the template of that id (its text replaced when it exists). */
  createTemplate(
    authkey: string,
    text: string,
    more: { id?: string; buttons?: string[] } = {},
  ): Promise<TemplateCreated> {
    const body: Record<string, unknown> = { authkey, texto: text };
    if (more.id !== undefined) body.id = more.id;
    if (more.buttons !== undefined) body.botoes = more.buttons;
    return this.request(`${BASE}/templates`, body) as Promise<TemplateCreated>;
  }

  /** Issues a one-time code "sent" by the device to `to`, to be checked with verifyOtp. */
  issueOtp(appkey: string, to: string): Promise<OtpIssued> {
    return this.request(`${BASE}/otp`, { appkey, to }) as Promise<OtpIssued>;
  }

  /** A contact writes, clicks, votes, reacts or shares a location; `fields` carry the event's own fields. */
  inbound(appkey: string, evento: InboundEvent, fields: Record<string, unknown>): Promise<InboundAccepted> {
    return this.request(`${BASE}/inbound`, { appkey, evento, ...fields });
  }

  /** Everything that went out for the device, oldest first; `after` (a message id): only what followed it. */
  outbox(appkey: string, after?: string): Promise<OutboxBody> {
    const query = new URLSearchParams({ appkey });
    if (after !== undefined) query.set('after', after);
    return this.request(`${BASE}/outbox?${query.toString()}`, undefined);
  }

  /** The device's chats, the most recent first. */
  chats(appkey: string): Promise<ChatsBody> {
    return this.request(`${BASE}/chats?${new URLSearchParams({ appkey }).toString()}`, undefined);
  }

  /** A page of one chat, both ways, oldest first: the newest `limit` messages before the cursor `before`. */
  chat(appkey: string, chat: string, page: { before?: string; limit: number }): Promise<ChatBody> {
    const query = new URLSearchParams({ appkey, chat, limit: String(page.limit) });
    if (page.before !== undefined) query.set('before', page.before);
    return this.request(`${BASE}/chat?${query.toString()}`, undefined);
  }

  /** A device's pairing QR and code while it is not connected; `dispositivo` is its id. */
  pairing(appkey: string): Promise<PairingBody> {
    return this.request(`${BASE}/pairing?${new URLSearchParams({ appkey }).toString()}`, undefined);
  }

  /** Every account with its devices. */
  devices(): Promise<DevicesBody> {
    return this.request(`${BASE}/devices`, undefined);
  }

  disconnect(appkey: string): Promise<ServiceBody> {
    return this.request(`${BASE}/disconnect`, { appkey });
  }

  /** The device's webhook address changes without pairing it again. */
  setWebhook(appkey: string, webhook: string): Promise<ServiceBody> {
    return this.request(`${BASE}/devices/webhook`, { appkey, webhook } satisfies Control.WebhookAddressRequest);
  }

  /** A fault rule: match fields (path, operation, appkey, to) and action fields (error, status, message, ...). */
  addFault(rule: Record<string, unknown>): Promise<FaultAdded> {
    return this.request(`${BASE}/faults`, rule) as Promise<FaultAdded>;
  }

  listFaults(): Promise<FaultsBody> {
    return this.request(`${BASE}/faults`, undefined);
  }

  removeFault(id: string): Promise<ServiceBody> {
    return this.request(`${BASE}/faults/remove`, { id });
  }

  clearFaults(): Promise<ServiceBody> {
    return this.request(`${BASE}/faults/clear`, {});
  }

  /** Puts the emulator's clock at `at` (ISO 8601 with a zone, or epoch ms). */
  setClock(at: string): Promise<ClockBody> {
    return this.request(`${BASE}/clock/set`, { at }) as Promise<ClockBody>;
  }

  /** Moves the emulator's clock forward by `by` (`500ms`, `90s`, `1h30m` …, or milliseconds: src/duration.ts). */
  advanceClock(by: string): Promise<ClockBody> {
    return this.request(`${BASE}/clock/advance`, { by }) as Promise<ClockBody>;
  }

  resetClock(): Promise<ClockBody> {
    return this.request(`${BASE}/clock/reset`, {}) as Promise<ClockBody>;
  }

  /** Service requests the emulator received, oldest first. */
  requests(filter: RequestsFilter): Promise<RequestsBody> {
    const entries = Object.entries(filter)
      .filter(([, value]) => value !== undefined)
      .map(([k, v]) => [k, String(v)]);
    const query = entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
    return this.request(`${BASE}/requests${query}`, undefined);
  }

  /** The emulator's clock now (ISO 8601), and whether it was moved. */
  clock(): Promise<ClockBody> {
    return this.request(`${BASE}/clock`, undefined) as Promise<ClockBody>;
  }

  /** Every attempt at delivering the device's webhook events (status or error, when, the next try). */
  attempts(appkey: string): Promise<AttemptsBody> {
    return this.request(`${BASE}/webhooks/attempts?${new URLSearchParams({ appkey }).toString()}`, undefined);
  }

  /** The device's webhook queue, oldest first, optionally only the deliveries in one state. */
  webhooks(appkey: string, state?: DeliveryState): Promise<WebhooksBody> {
    const only = state === undefined ? '' : `&estado=${state}`;
    return this.request(`${BASE}/webhooks?appkey=${encodeURIComponent(appkey)}${only}`, undefined);
  }

  /** The event of a webhook delivery queued again as a new delivery (the service's at-least-once delivery). */
  redeliver(delivery: number): Promise<ServiceBody> {
    return this.request(`${BASE}/webhooks/redeliver`, { id: delivery });
  }

  /** A load run's figures now (each tick, and at its end): the emulator keeps them, and its console shows them. */
  postLoad(run: Control.LoadRun): Promise<ServiceBody> {
    return this.request(`${BASE}/load`, { ...run });
  }

  /** Erases the whole emulator state. */
  reset(): Promise<ServiceBody> {
    return this.request(`${BASE}/reset`, {});
  }
}

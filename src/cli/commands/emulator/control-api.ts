// Client of the local emulator's control API (/__emulator/*): what the network does outside the service.
import type { Requester, ServiceBody } from '../../../api/request.js';

export interface ControlParticipant {
  id: string;
  admin: boolean;
}

export interface OutboxMessage {
  id: string;
  to: string;
  kind: string;
  content: Record<string, unknown>;
  timestamp: string;
  agendamento_id?: string;
}

export type GroupCreated = ServiceBody & { grupo: string; convite: string };
export type TemplateCreated = ServiceBody & { template_id: string };
export type OtpIssued = ServiceBody & { code: string; expiraEm?: string };
export type InboundAccepted = ServiceBody & { idMessagem?: string };
export type OutboxBody = ServiceBody & { mensagens?: OutboxMessage[] };

export interface FaultRuleView {
  id: string;
  match: { path?: string; operation?: string; appkey?: string; to?: string };
  status?: number;
  message?: string;
  http200?: boolean;
  delayMs?: number;
  drop?: boolean;
  remaining?: number;
  hits: number;
}

export interface LoggedRequestView {
  id: number;
  timestamp: string;
  method: string;
  path: string;
  operation: string | null;
  status: number | null;
  httpStatus: number | null;
  fault: string | null;
  appkey: string | null;
  body: Record<string, unknown>;
}

export type FaultAdded = ServiceBody & { falha: FaultRuleView };
export type FaultsBody = ServiceBody & { falhas?: FaultRuleView[] };
export type ClockBody = ServiceBody & { agora: string; alterado: boolean };
export type RequestsBody = ServiceBody & { requisicoes?: LoggedRequestView[] };

/** Filters of GET /__emulator/requests; `after` is the last id already seen. */
export interface RequestsFilter {
  appkey?: string;
  path?: string;
  status?: number;
  since?: string;
  after?: number;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

export interface WebhookDelivery {
  id: number;
  estado: DeliveryState;
  tentativas: number;
  evento: Record<string, unknown>;
  ultimoErro: string | null;
  url: string;
}

export type WebhooksBody = ServiceBody & {
  contagem?: Partial<Record<DeliveryState, number>> | null;
  entregas?: WebhookDelivery[];
};

/** Kinds of incoming event `/__emulator/inbound` accepts (its `evento` field). */
export type InboundEvent = 'text' | 'button' | 'poll_vote' | 'reaction' | 'location';

const BASE = '/__emulator';

/** One method per control route, bound to one request function. */
export class EmulatorControl {
  constructor(private readonly request: Requester) {}

  /** GET /__emulator/health: answers only when the base URL is the local emulator. */
  health(): Promise<ServiceBody> {
    return this.request(`${BASE}/health`, undefined);
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

  createTemplate(authkey: string, text: string): Promise<TemplateCreated> {
    return this.request(`${BASE}/templates`, { authkey, texto: text }) as Promise<TemplateCreated>;
  }

  /** Issues a one-time code "sent" by the device to `to`, to be checked with verifyOtp. */
  issueOtp(appkey: string, to: string): Promise<OtpIssued> {
    return this.request(`${BASE}/otp`, { appkey, to }) as Promise<OtpIssued>;
  }

  /** A contact writes, clicks, votes, reacts or shares a location; `fields` carry the event's own fields. */
  inbound(appkey: string, evento: InboundEvent, fields: Record<string, unknown>): Promise<InboundAccepted> {
    return this.request(`${BASE}/inbound`, { appkey, evento, ...fields });
  }

  /** Everything that went out for the device, oldest first. */
  outbox(appkey: string): Promise<OutboxBody> {
    return this.request(`${BASE}/outbox?appkey=${encodeURIComponent(appkey)}`, undefined);
  }

  disconnect(appkey: string): Promise<ServiceBody> {
    return this.request(`${BASE}/disconnect`, { appkey });
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

  /** Moves the emulator's clock forward by `by` (`90s`, `15m`, `2h`, `1d`, or milliseconds). */
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

  /** The device's webhook queue, oldest first, optionally only the deliveries in one state. */
  webhooks(appkey: string, state?: DeliveryState): Promise<WebhooksBody> {
    const only = state === undefined ? '' : `&estado=${state}`;
    return this.request(`${BASE}/webhooks?appkey=${encodeURIComponent(appkey)}${only}`, undefined);
  }

  /** Erases the whole emulator state. */
  reset(): Promise<ServiceBody> {
    return this.request(`${BASE}/reset`, {});
  }
}

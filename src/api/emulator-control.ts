// The CLI's client of the local emulator's control API (/__emulator/*): the emulator's one client over the CLI's
// HTTP layer (its deadline, masked secrets, dry runs), with each answer read as the CLI reads the service's.
import { ControlApi, type ControlAnswers } from '../emulator/control/client.js';
import type * as Control from '../emulator/control/types.js';
import type { ServiceBody } from './request.js';

// The control API's shapes are the emulator's own declarations (src/emulator/control/types.ts, types only); its
// client (control/client.ts) loads nothing else. Each answer is read as a ServiceBody with the fields the CLI uses,
// which the CLI checks before use where a missing one would mislead (they are optional here for that reason).

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
/** What `/__emulator/inbound` takes: the device, the `evento` and the event's own fields. */
export type InboundRequest = Control.InboundRequest;

/** Each answer as the CLI reads it: the fields it uses optional, checked before use where a missing one would mislead. */
type Checked<Answer> = ServiceBody & Partial<Omit<Answer, 'status'>>;

/** The answers the CLI reads, by method: checked ones, but for those whose fields it relies on as declared. */
export type ControlBodies = Omit<
  { [Method in keyof ControlAnswers]: Checked<ControlAnswers[Method]> },
  'setup' | 'createGroup' | 'createTemplate' | 'issueOtp' | 'addFault' | ClockMethod | 'webhooks'
> & { [Method in ClockMethod]: ClockBody } & {
  setup: SetupDone;
  createGroup: GroupCreated;
  createTemplate: TemplateCreated;
  issueOtp: OtpIssued;
  addFault: FaultAdded;
  webhooks: WebhooksBody;
};

type ClockMethod = 'clock' | 'setClock' | 'advanceClock' | 'resetClock';

/** The control API's client (src/emulator/control/client.ts) over the CLI's request function. */
export class EmulatorControl extends ControlApi<ControlBodies> {}

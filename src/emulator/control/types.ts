// The control API's types (/__emulator/*), inferred from its one statement in control/schema/ (valibot schemas,
// from which the request checks and the OpenAPI document come too). The server's routes answer them
// (control/index.ts) and the clients read them: chatbot-cli/emulator (testing/), the CLI's control client
// (src/api/emulator-control.ts) and the console's page. Types only: importing this module loads nothing (the schemas
// are imported as types). The live event stream, which the document shows as text, is typed here by hand.
import type * as v from 'valibot';
import type * as Base from './schema/base.js';
import type * as Records from './schema/records.js';
import type * as Requests from './schema/requests.js';
import type * as Answers from './schema/answers.js';
import type * as Load from './schema/load.js';
import type { ControlApi } from './schema/routes.js';

import type { MessageContent } from './message-content.js';

type Of<S extends v.GenericSchema> = v.InferOutput<S>;

export type MessageAnswer = Of<typeof Base.MessageAnswer>;

export type DeliveryState = Of<typeof Records.DeliveryState>;
export type NamedError = Of<typeof Records.NamedError>;
export type GroupParticipant = Of<typeof Records.GroupParticipant>;
export type FaultMatch = Of<typeof Records.FaultMatch>;
export type FaultRule = Of<typeof Records.FaultRule>;
export type LoggedRequest = Of<typeof Records.LoggedRequest>;
export type ClockAnswer = Of<typeof Records.ClockAnswer>;
export type DeviceView = Of<typeof Records.DeviceView>;
export type AccountView = Of<typeof Records.AccountView>;
export type MessageWarning = Of<typeof Records.MessageWarning>;
export type MessageDirection = Of<typeof Records.MessageDirection>;
/** A chat message; its content by kind in message-content.ts (the schema checks only that it is an object). */
export type ChatMessage = Omit<Of<typeof Records.ChatMessage>, 'content'> & { content: MessageContent };
export type PendingSchedule = Of<typeof Records.PendingSchedule>;
export type WebhookAttempt = Of<typeof Records.WebhookAttempt>;
export type ChatSummary = Of<typeof Records.ChatSummary>;
export type OutboxMessage = Of<typeof Records.OutboxMessage>;
export type WebhookDelivery = Of<typeof Records.WebhookDelivery>;
export type GroupView = Of<typeof Records.GroupView>;
export type StateDocument = Of<typeof Records.StateDocument>;
export type StateAnswer = Of<typeof Records.StateAnswer>;

export type SetupRequest = Of<typeof Requests.SetupRequest>;
export type ConnectRequest = Of<typeof Requests.ConnectRequest>;
export type AppkeyQuery = Of<typeof Requests.AppkeyQuery>;
export type DisconnectRequest = Of<typeof Requests.DisconnectRequest>;
export type ChatsQuery = Of<typeof Requests.ChatsQuery>;
export type WebhookAddressRequest = Of<typeof Requests.WebhookAddressRequest>;
export type CreateGroupRequest = Of<typeof Requests.CreateGroupRequest>;
export type CreateTemplateRequest = Of<typeof Requests.CreateTemplateRequest>;
export type IssueOtpRequest = Of<typeof Requests.IssueOtpRequest>;
export type InboundEvent = Of<typeof Requests.InboundEvent>;
export type InboundRequest = Of<typeof Requests.InboundRequest>;
export type ContactNameRequest = Of<typeof Requests.ContactNameRequest>;
export type OutboxQuery = Of<typeof Requests.OutboxQuery>;
export type WebhooksQuery = Of<typeof Requests.WebhooksQuery>;
export type FaultRuleInput = Of<typeof Requests.FaultRuleInput>;
export type RemoveFaultRequest = Of<typeof Requests.RemoveFaultRequest>;
export type SetClockRequest = Of<typeof Requests.SetClockRequest>;
export type AdvanceClockRequest = Of<typeof Requests.AdvanceClockRequest>;
export type RequestsQuery = Of<typeof Requests.RequestsQuery>;
export type OptionsRequest = Of<typeof Requests.OptionsRequest>;
export type ChatQuery = Of<typeof Requests.ChatQuery>;
export type RedeliverRequest = Of<typeof Requests.RedeliverRequest>;
export type AttemptsQuery = Of<typeof Requests.AttemptsQuery>;
export type EventsQuery = Of<typeof Requests.EventsQuery>;

export type SetupAnswer = Of<typeof Answers.SetupAnswer>;
export type WebhookAddressAnswer = Of<typeof Answers.WebhookAddressAnswer>;
export type GroupAnswer = Of<typeof Answers.GroupAnswer>;
export type TemplateAnswer = Of<typeof Answers.TemplateAnswer>;
export type OtpAnswer = Of<typeof Answers.OtpAnswer>;
export type InboundAnswer = Of<typeof Answers.InboundAnswer>;
export type ContactNameAnswer = Of<typeof Answers.ContactNameAnswer>;
export type OutboxAnswer = Of<typeof Answers.OutboxAnswer>;
export type WebhooksAnswer = Of<typeof Answers.WebhooksAnswer>;
export type FaultAddedAnswer = Of<typeof Answers.FaultAddedAnswer>;
export type FaultsAnswer = Of<typeof Answers.FaultsAnswer>;
export type RequestsAnswer = Of<typeof Answers.RequestsAnswer>;
export type OptionsAnswer = Of<typeof Answers.OptionsAnswer>;
export type OptionsChangedAnswer = Of<typeof Answers.OptionsChangedAnswer>;
export type DevicesAnswer = Of<typeof Answers.DevicesAnswer>;
export type PairingAnswer = Of<typeof Answers.PairingAnswer>;
export type ChatsAnswer = Of<typeof Answers.ChatsAnswer>;
export type ChatAnswer = Of<typeof Answers.ChatAnswer>;
export type RedeliverAnswer = Of<typeof Answers.RedeliverAnswer>;
export type AttemptsAnswer = Of<typeof Answers.AttemptsAnswer>;
export type ImportAnswer = Of<typeof Answers.ImportAnswer>;
export type DisconnectedStreamsAnswer = Of<typeof Answers.DisconnectedStreamsAnswer>;
export type LoadAnswer = Of<typeof Answers.LoadAnswer>;

export type LoadPercentiles = Of<typeof Load.LoadPercentiles>;
export type LoadStepFigures = Of<typeof Load.LoadStepFigures>;
export type LoadSecond = Of<typeof Load.LoadSecond>;
export type LoadBucket = Of<typeof Load.LoadBucket>;
export type LoadFailure = Of<typeof Load.LoadFailure>;
export type LoadCpu = Of<typeof Load.LoadCpu>;
export type LoadThreshold = Of<typeof Load.LoadThreshold>;
export type LoadSummary = Of<typeof Load.LoadSummary>;
export type LoadRunState = Of<typeof Load.LoadRunState>;
export type LoadRun = Of<typeof Load.LoadRun>;

/** The OpenAPI document, the one answer without a `status`. */
export type OpenApiDocument = { openapi: string; paths: Record<string, unknown> };

/** What changed in one chat of a device's list since the last `chats` event. */
export interface ChatChange {
  chat: string;
  isGrupo: boolean;
  /** Messages both ways since the last event. */
  novas: number;
  /** Of those, the ones contacts sent. */
  recebidas: number;
  /** The newest of them: its emulator time (ISO 8601) and id. */
  ultima: string;
  ultimaId: string;
  /** The name the contact gave in the newest message that carried one (not for groups). */
  nome?: string;
  /** The newest message in a few words. */
  previa?: string;
}

/** Server-Sent Events (`text/event-stream`), not a JSON body: one LiveEvent each. */
export type EventStream = { contentType: 'text/event-stream'; events: LiveEvent[] };

/** One chat's newest page in a snapshot: what GET /__emulator/chat answers, and the device it belongs to. */
export type SnapshotPage = Omit<ChatAnswer, 'status'> & { dispositivo: string };

/**
 * The state at the bus position `posicao` (the snapshot's own id): every event with a greater id is a change after it.
 * A stream begins with one; a resumed stream has one after the missed events only when it asked (`fresh`), and every
 * stream gets a new one right after a `reset`.
 */
export interface LiveSnapshot {
  posicao: number;
  /** The Last-Event-ID the stream resumed from (what came between was sent before): null when it replaces all. */
  retoma: number | null;
  contas: AccountView[];
  relogio: { agora: string; alterado: boolean };
  falhas: FaultRule[];
  /** Each device's chats, by device id: to a follower that names its chats (`chats`) only. */
  conversas: Record<string, ChatSummary[]>;
  /** The newest page of each chat the follower names (on a resume: of each `fresh` one) whose device is there. */
  paginas: SnapshotPage[];
  /** The request log's newest rows, when the follower follows the logs (on a resume: when `fresh` names them). */
  requisicoes: LoggedRequest[] | null;
  /** The webhook attempts' newest rows, in the order they ended, under the same condition. */
  tentativas: (WebhookAttempt & { dispositivo: string })[] | null;
  /** The latest `chatbot test --load` run's figures (running or ended), or null when none was posted since a reset. */
  carga: LoadRun | null;
}

/** The kinds of live event, each one's `data` below. */
export interface LiveEventData {
  /** The state at a position of the stream (see LiveSnapshot). */
  snapshot: LiveSnapshot;
  /** A service request was answered (or dropped): the request log's entry. */
  request: LoggedRequest;
  /** A message went out or came in (to a follower that asked for only some chats: in one of those). */
  message: ChatMessage & { dispositivo: string };
  /**
   * A device's chats that had messages since the last such event (at most one a second), oldest first: the newest 100
   * and those some follower's `chats` names (any follower's: a follower without `chats` names every one); the others
   * only counted in `outras`. Every follower gets these.
   */
  chats: { dispositivo: string; conversas: ChatChange[]; outras: { conversas: number; recebidas: number } };
  /** A schedule was made, or left the pending list (sent or cancelled). */
  schedule: { dispositivo: string; chat: string[]; agendamento: PendingSchedule; pendente: boolean };
  /** A webhook attempt ended. */
  webhook: WebhookAttempt & { dispositivo: string };
  /** Accounts or devices changed (pairing, connection, names, deletion). */
  devices: { contas: AccountView[] };
  clock: { agora: string; alterado: boolean };
  faults: { falhas: FaultRule[] };
  /** A load run's runner posted its figures (each tick while it runs, and its end summary). */
  load: LoadRun;
  /** A contact was named (`nome`), or its name taken back (`""`). */
  contact: { dispositivo: string; chat: string; nome: string };
  /** The state was erased (reset) or replaced (import): a snapshot follows on every stream. */
  reset: { motivo: 'reset' | 'import' };
  /** The events since `Last-Event-ID` are no longer kept: a snapshot follows (older followers read everything again). */
  resync: { desde: number };
}

export type LiveEventType = keyof LiveEventData;

/** One Server-Sent Event of `GET /__emulator/events`: `id:` is `id`, `event:` is `type`, `data:` is `data` as JSON. */
export type LiveEvent = {
  [Type in LiveEventType]: { id: number; type: Type; data: LiveEventData[Type] };
}[LiveEventType];

/** One method of a control route: the fields it reads (query string or body; `undefined`: none) and its 200 answer. */
export interface ControlRoute<Request extends object | undefined, Answer> {
  request: Request;
  answer: Answer;
}

type RouteOf<Spec> = ControlRoute<
  Spec extends { request: infer R extends v.GenericSchema } ? Extract<Of<R>, object> : undefined,
  Spec extends { answer: infer A extends v.GenericSchema } ? Of<A> : never
>;

type Inferred = {
  [Path in keyof ControlApi]: { [Method in keyof ControlApi[Path]]: RouteOf<ControlApi[Path][Method]> };
};

/** Every control route by path and method (control/schema/routes.ts); the event stream and the document typed whole. */
export type ControlRoutes = Omit<Inferred, '/__emulator/events' | '/__emulator/openapi.json'> & {
  '/__emulator/events': { GET: ControlRoute<EventsQuery, EventStream> };
  '/__emulator/openapi.json': { GET: ControlRoute<undefined, OpenApiDocument> };
};

export type ControlPath = keyof ControlRoutes;

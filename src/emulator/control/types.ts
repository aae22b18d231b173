// The control API's requests and answers (/__emulator/*), declared once. The server's routes answer them
// (control/index.ts), the OpenAPI document is written against them (openapi/control.ts: a field in one and not the
// other does not compile), and the clients read them: chatbot-cli/emulator (testing/) and the CLI's control client
// (src/api/emulator-control.ts). Types only: importing this module loads nothing. Answers are type
// aliases (an interface would not be assignable to the server's open `Reply`); requests and the records inside
// answers are interfaces.

/** What most control routes answer: 200 and what happened, in Portuguese. */
export type MessageAnswer = { status: 200; message: string };

export interface ConnectRequest {
  appkey: string;
  /** The number the phone turns out to have. */
  telefone?: string;
}

/** An account and one of its devices, made or re-used: what a test run needs before contacts write. */
export interface SetupRequest {
  /** The account's key: an existing account's, or the key a new account gets (random when absent). */
  authkey?: string;
  /** The device's appkey and name: a device of that account is re-used (random when absent). */
  appkey?: string;
  /** Where the device's events go; an existing device keeps its webhook when absent. */
  webhook?: string;
  /** false: the device is left not connected, as after pairing. */
  conectado?: boolean;
}

export type SetupAnswer = { status: 200; message: string; authkey: string; appkey: string; id: string; nome: string };

export interface DisconnectRequest {
  appkey: string;
}

export interface WebhookAddressRequest {
  appkey: string;
  /** An http(s) URL, or `""` for none. */
  webhook: string;
}

export type WebhookAddressAnswer = { status: 200; message: string; webhook: string };

export interface GroupParticipant {
  id: string;
  admin?: boolean;
}

export interface CreateGroupRequest {
  appkey: string;
  titulo: string;
  descricao?: string;
  participantes?: GroupParticipant[];
}

export type GroupAnswer = { status: 200; message: string; grupo: string; convite: string };

export interface CreateTemplateRequest {
  authkey: string;
  texto: string;
  /** The template's id (letters, digits, `_`, `-`), replaced when the account has it; random when absent. */
  id?: string;
  /** Reply buttons: their text, or text and id. */
  botoes?: (string | { id?: string; texto: string })[];
}

export type TemplateAnswer = { status: 200; message: string; template_id: string };

export interface IssueOtpRequest {
  appkey: string;
  to: string;
}

export type OtpAnswer = { status: 200; message: string; code: string; expiraEm: string };

export type InboundEvent = 'text' | 'media' | 'button' | 'poll_vote' | 'reaction' | 'location';

/** A contact writes, sends a file, clicks, votes, reacts or shares a location; each event reads its own fields. */
export interface InboundRequest {
  appkey: string;
  evento: InboundEvent;
  /** The contact's number. */
  de: string;
  /** The group it was written in. */
  grupo?: string;
  /** The contact's display name. */
  nome?: string;
  /** text: the message; media, location: the caption. */
  mensagem?: string;
  /**
   * button, poll_vote, reaction: the message answered (button: one sent to this chat; default: the latest sent to it
   * with that button); text: the message quoted (a reply).
   */
  idMensagem?: string;
  /** media: the file's http(s) URL. */
  url?: string;
  /** media: the file's name (default: the URL's last segment). */
  nomeArquivo?: string;
  /** media: image, video, audio or document (default: from the file name). */
  tipoMidia?: string;
  /** button: the button clicked (its id or text, or an object with `id` or `texto`). */
  opcao?: string | { id?: string; texto?: string };
  /** poll_vote: the options chosen. */
  opcoes?: string[];
  /** reaction: one emoji, or `remove`. */
  emoji?: string;
  /** location */
  latitude?: number | string;
  longitude?: number | string;
}

export type InboundAnswer = { status: 200; message: string; idMessagem: string };

/** The name a contact goes by: its events carry it as `nome` whenever the inbound call gives none. */
export interface ContactNameRequest {
  appkey: string;
  /** The contact's number. */
  contato: string;
  /** Up to 100 characters on one line; `""` takes the name back (the events carry the number again). */
  nome: string;
}

export type ContactNameAnswer = { status: 200; message: string; contato: string; nome: string };

export interface AppkeyQuery {
  appkey: string;
}

export interface OutboxQuery {
  appkey: string;
  /** Only the messages that went out after the message of this id (the last one already read). */
  after?: string;
}

export interface OutboxMessage {
  id: string;
  to: string;
  kind: string;
  content: Record<string, unknown>;
  timestamp: string;
  agendamento_id?: string;
}

export type OutboxAnswer = { status: 200; mensagens: OutboxMessage[] };

export type DeliveryState = 'pending' | 'delivered' | 'failed';

export interface WebhooksQuery {
  appkey: string;
  /** Only the deliveries in this state. */
  estado?: DeliveryState;
}

export interface WebhookDelivery {
  id: number;
  estado: DeliveryState;
  tentativas: number;
  evento: Record<string, unknown>;
  ultimoErro: string | null;
  url: string;
}

export type WebhooksAnswer = {
  status: 200;
  /** How many of the device's deliveries are in each state. */
  contagem: Record<DeliveryState, number>;
  entregas: WebhookDelivery[];
};

export type NamedError =
  'internal' | 'unavailable' | 'license' | 'rate-limit' | 'not-connected' | 'no-device' | 'bad-authkey' | 'validation';

export interface FaultMatch {
  path?: string;
  operation?: string;
  appkey?: string;
  /** A recipient as digits or a group id; matches a schedule's list when any of its recipients is this one. */
  to?: string;
}

/** A fault rule: what it matches (all given fields must match) and what it does. */
export interface FaultRuleInput {
  path?: string;
  operation?: string;
  appkey?: string;
  to?: string;
  error?: NamedError;
  status?: number;
  message?: string;
  http200?: boolean;
  /** Wait this long first: a duration (`1500ms`, `3s`) or milliseconds. */
  delayMs?: number | string;
  drop?: boolean;
  times?: number;
}

export interface FaultRule {
  id: string;
  match: FaultMatch;
  /** Answer this status and message instead of running the operation. */
  status?: number;
  message?: string;
  /** The HTTP status line says 200 while the body carries the error. */
  http200?: boolean;
  /** Wait this long before answering (or before running the operation, when nothing else is set). */
  delayMs?: number;
  /** Close the connection without answering. */
  drop?: boolean;
  /** How many more matching requests it hits; undefined = every one until removed. */
  remaining?: number;
  hits: number;
}

export type FaultAddedAnswer = { status: 200; message: string; falha: FaultRule };

export type FaultsAnswer = { status: 200; falhas: FaultRule[] };

export interface RemoveFaultRequest {
  id: string;
}

export type ClockAnswer = { status: 200; message?: string; agora: string; alterado: boolean };

/** An ISO 8601 instant with its zone, or epoch milliseconds. */
export interface SetClockRequest {
  at: string | number;
}

/** Milliseconds, or a duration: `500ms`, `90s`, `15m`, `2h`, `1d` or combinations like `1h30m` (src/duration.ts). */
export interface AdvanceClockRequest {
  by: string | number;
}

export interface RequestsQuery {
  appkey?: string;
  path?: string;
  status?: number;
  /** An ISO 8601 time or epoch milliseconds. */
  since?: string;
  /** Only entries with a larger id. */
  after?: number;
  /** Only the request whose answer created this message, status post or schedule (its id). */
  mensagem?: string;
}

export interface LoggedRequest {
  id: number;
  /** Emulator time (the test clock) at which the answer went out, ISO 8601 UTC. */
  timestamp: string;
  method: string;
  path: string;
  /** The operation the path and flags selected, when the request got that far. */
  operation: string | null;
  /** The body's status, or null when the connection was dropped without an answer. */
  status: number | null;
  /** The HTTP status line (differs from `status` only under an `http200` fault). */
  httpStatus: number | null;
  /** The fault rule (`flt_N`) or magic recipient (`magic:<number>`) that hit the request. */
  fault: string | null;
  /** Why the emulator refused the request (the rule, the field by its path), null for a success; never in the answer. */
  reason: string | null;
  /** A refused send's recipient (`to`) as a chat (digits, or the group id); null otherwise or when `to` is none. */
  chat?: string | null;
  /**
   * The device a refused send was for, when its authkey and appkey were that device's own; null when the keys named
   * none (a wrong authkey, another account's appkey): the console then shows it in every device's chat with `chat`.
   */
  dispositivo?: string | null;
  /** Masked appkey. */
  appkey: string | null;
  /** Request fields (query string and body) with keys and passwords masked. */
  body: Record<string, unknown>;
  /** The answer's body, keys masked; null when the connection was dropped. */
  resposta?: Record<string, unknown> | null;
}

export type RequestsAnswer = { status: 200; requisicoes: LoggedRequest[] };

export interface OptionsRequest {
  requireConnected?: boolean;
}

export type OptionsAnswer = { status: 200; requireConnected: boolean };

export type OptionsChangedAnswer = { status: 200; message: string; requireConnected: boolean };

export interface DeviceView {
  id: string;
  nome: string;
  appkey: string;
  /** The phone number as digits, or `''` before the phone says it. */
  telefone: string;
  webhook: string;
  conectado: boolean;
  /** The 8-digit pairing code of a pairing by phone number, while not connected. */
  codigo: string | null;
}

export interface AccountView {
  id: number;
  nome: string;
  email: string;
  authkey: string;
  dispositivos: DeviceView[];
}

export type DevicesAnswer = { status: 200; contas: AccountView[] };

export interface ChatsQuery {
  appkey: string;
}

export interface ChatSummary {
  /** The contact's number (digits), a group id, or `status@broadcast` (status posts). */
  chat: string;
  isGrupo: boolean;
  /** The group's title, the name the contact goes by (or last wrote under), else the number. */
  titulo: string;
  /** Messages both ways. */
  mensagens: number;
  /** Emulator time of the newest message, ISO 8601. */
  ultima: string | null;
  /** Schedules waiting to go out to this chat. */
  agendados: number;
  /** The newest message in a few words (the newest 100 chats have one). */
  previa?: string;
}

export type ChatsAnswer = { status: 200; conversas: ChatSummary[] };

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

export interface ChatQuery {
  /** The device by one of its appkeys, or (`dispositivo`) by its id. */
  appkey?: string;
  /** The device's id (`dev_…`), as a deep link names it. */
  dispositivo?: string;
  chat: string;
  /** Only messages older than this cursor (a message's `cursor`): the next page back. */
  before?: string;
  /** Messages per page, newest last: 1 to 500, default 100. */
  limit?: number;
}

/** A limit of the messaging app a sent message breaks (it is accepted; the contact's phone would not show it so). */
export interface MessageWarning {
  regra: string;
  texto: string;
}

export type MessageDirection = 'out' | 'in';

/** A message of a chat: sent by the device (`out`, an outbox kind) or by a contact (`in`, an inbound `evento`). */
export interface ChatMessage {
  id: string;
  direction: MessageDirection;
  /** out: text, media, reply, story, carousel, buttons, location, poll, reaction, template; in: text, button,
   * poll_vote, reaction, location. */
  kind: string;
  chat: string;
  /** Emulator time, ISO 8601. */
  timestamp: string;
  /** out: the outbox content; in: the event's own fields (`mensagem`, `opcao`, `opcoes`, `emoji`, ...). */
  content: Record<string, unknown>;
  /** in: the contact's number. */
  de?: string;
  /** in: the contact's display name, when given. */
  nome?: string;
  agendamento_id?: string;
  /** out: where it came from: `api` (a client of the service: the bot), `cli` (the chatbot CLI), `schedule`. */
  origem?: 'api' | 'cli' | 'schedule';
  avisos: MessageWarning[];
  /** Where this message stands in the chat: `before` pages back from it. */
  cursor: string;
}

export interface PendingSchedule {
  id: string;
  /** The wall-clock time as given, in the emulator's zone. */
  agendamento: string;
  /** When it goes out, emulator time, ISO 8601. */
  enviaEm: string;
  message: string;
  file: string | null;
}

export interface GroupView {
  titulo: string;
  descricao: string;
  participantes: GroupParticipant[];
}

export type ChatAnswer = {
  status: 200;
  chat: string;
  isGrupo: boolean;
  grupo: GroupView | null;
  /** Oldest first; the newest `limit` before `before`. */
  mensagens: ChatMessage[];
  /** The cursor of the page before this one, or null at the chat's first message. */
  anterior: string | null;
  agendados: PendingSchedule[];
};

export type PairingAnswer = {
  status: 200;
  dispositivo: string;
  conectado: boolean;
  /** A fresh pairing QR (the content pairDevice's QR carries) as SVG, while not connected. */
  qr: { conteudo: string; svg: string } | null;
  codigo: string | null;
};

export interface RedeliverRequest {
  /** The delivery (queue id) whose event is sent again. */
  id: number;
  /** The event to send in its place (edited); a masked `instancia` as the console shows it stands for the stored one. */
  corpo?: Record<string, unknown>;
}

export type RedeliverAnswer = { status: 200; message: string; entrega: number };

export interface AttemptsQuery {
  appkey: string;
  /** Only the attempts of this delivery. */
  entrega?: number;
}

/** One attempt to post an event to a webhook. */
export interface WebhookAttempt {
  entrega: number;
  /** 1, 2, ... as the x-emulator-attempt header said. */
  tentativa: number;
  /** Emulator time the attempt ended, ISO 8601. */
  em: string;
  /** The receiver's HTTP status, or null when none came (network error, timeout). */
  httpStatus: number | null;
  erro: string | null;
  /** Real milliseconds from sending the event to the receiver's answer or the failure (null when not measured). */
  latenciaMs: number | null;
  /** When the next attempt is due, or null (delivered, or given up). */
  proxima: string | null;
  /** The event's `idMessagem`, `evento` and `chat` (the contact's number or the group id). */
  idMessagem: string;
  evento: string;
  chat: string;
  /** The POST as sent: the address, the headers, and the event (the device's appkey, `instancia`, masked). */
  enviado: { url: string; cabecalhos: Record<string, string>; corpo: Record<string, unknown> };
  /** The receiver's answer (its headers and the first 2 KiB of its body as text), or null when none came. */
  resposta: { cabecalhos: Record<string, string>; corpo: string; cortado: boolean } | null;
}

export type AttemptsAnswer = { status: 200; tentativas: WebhookAttempt[] };

/** The whole state as one document: every table's rows, and the clock. */
export type StateDocument = {
  formato: 'chatbot-emulator-state';
  /** The database schema version it was exported from. */
  versao: number;
  exportadoEm: string;
  relogio: { agora: string; alterado: boolean };
  tabelas: Record<string, Record<string, unknown>[]>;
};

export type StateAnswer = { status: 200 } & StateDocument;

export type ImportAnswer = { status: 200; message: string; linhas: number };

export interface EventsQuery {
  /** Resume after this event (what the `Last-Event-ID` header says; the header wins). */
  lastEventId?: number;
  /** `message` events of these chats only, `<device id>:<chat>` comma-separated (empty: none); absent: every chat. */
  chats?: string;
  /** false: no `request` and `webhook` events. */
  logs?: boolean;
  /**
   * On a resume: what the follower did not follow before (`<device id>:<chat>` of chats it now names, `logs` when it
   * now follows the logs), comma-separated; the missed events are then followed by a snapshot holding those.
   */
  fresh?: string;
}

/** Server-Sent Events (`text/event-stream`), not a JSON body: one LiveEvent each. */
export type EventStream = { contentType: 'text/event-stream'; events: LiveEvent[] };

export type DisconnectedStreamsAnswer = { status: 200; message: string; streams: number };

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

/** Answer times in ms of a load run: over the run, or of one step (null: no answer to measure). */
export interface LoadPercentiles {
  count: number;
  p50: number | null;
  p90: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

/** One step of the load run's conversations. */
export interface LoadStepFigures extends LoadPercentiles {
  /** `<conversation> › <number> <label>` */
  step: string;
  /** Its expectations that got no message in time. */
  unanswered: number;
}

/**
 * One second of the run: contacts arriving, answers (by their step's start), contacts done, answer time. In what a
 * long run posts to the emulator a row spans several seconds (from `second` to the next row's): its counts are then
 * rates per second.
 */
export interface LoadSecond {
  second: number;
  arrivals: number;
  answers: number;
  done: number;
  p50: number | null;
  p95: number | null;
}

/** How many answers took from `fromMs` to under `toMs`. */
export interface LoadBucket {
  fromMs: number;
  toMs: number;
  count: number;
}

/** A contact whose conversation failed: where, and why. */
export interface LoadFailure {
  conversation: string;
  file: string;
  step: string;
  line: number;
  message: string;
}

/** Where the limit was: the load generator's CPU over the run. */
export interface LoadCpu {
  /** CPU time of the generator's process, as a share of one core (with the emulator's when it ran in that process). */
  process: number;
  /** The share of the run the generator's event loop was busy. */
  eventLoop: number;
  /** Whether the emulator ran in the generator's process. */
  emulatorInProcess: boolean;
  /** What the figures say about where the limit was. */
  verdict: string;
}

/** One threshold (`--max`) against what the run measured. */
export interface LoadThreshold {
  name: string;
  /** `≤ 2s`, `≤ 1%` */
  limit: string;
  value: string;
  passed: boolean;
}

/** A load run's figures: what `chatbot test --load --json` prints, and its summary table and HTML report show. */
export interface LoadSummary {
  /** The arrival phases, as words. */
  arrival: string;
  durationMs: number;
  /** The share of contact events delivered twice on purpose (`--redeliver`), 0 to 1. */
  redeliver: number;
  contacts: { started: number; passed: number; failed: number };
  answerTime: LoadPercentiles & { unanswered: number };
  /** Slowest first (by p95). */
  steps: LoadStepFigures[];
  histogram: LoadBucket[];
  timeline: LoadSecond[];
  failures: { count: number; first: LoadFailure[] };
  /** The bot's requests the emulator refused, of all it made, grouped by status, operation and reason. */
  rejected: {
    count: number;
    of: number;
    reasons: { status: number | null; operation: string | null; reason: string | null; count: number }[];
  };
  webhooks: {
    /** Whether every attempt was heard (the live event stream was followed throughout). */
    complete: boolean;
    attempts: number;
    failed: number;
    retries: number;
    givenUp: number;
    latency: LoadPercentiles;
  };
  /** Contacts answered twice for one step. */
  duplicates: {
    count: number;
    redelivered: number;
    contacts: { contact: string; conversation: string; step: string }[];
  };
  cpu: LoadCpu;
  thresholds: LoadThreshold[];
  passed: boolean;
}

export type LoadRunState = 'running' | 'done' | 'stopped';

/**
 * A `chatbot test --load` run as its runner last posted it (POST /__emulator/load): while it runs (`running`, the
 * figures so far, thresholds as they stand), and once it ended (`done`, or `stopped` by Ctrl-C: the end summary).
 */
export interface LoadRun {
  /** The run's id, the runner's choice: another id is another run, which replaces this one. */
  run: string;
  state: LoadRunState;
  /** When the run started, ISO 8601 (the runner's clock). */
  startedAt: string;
  /** ms since the start, when posted. */
  elapsedMs: number;
  /** What the runner's terminal line shows: contacts running now, answer-time p95 of the latest answers, throughput. */
  now: {
    running: number;
    /** p95 of the latest 200 answers (ms). */
    p95: number | null;
    /** Answers per second over the last seconds. */
    answersPerSecond: number;
  };
  /** The figures so far; at the end, the summary the runner printed (lists cut to their first rows). */
  summary: LoadSummary;
}

export type LoadAnswer = { status: 200; carga: LoadRun | null };

/** The OpenAPI document, the one answer without a `status`. */
export type OpenApiDocument = { openapi: string; paths: Record<string, unknown> };

/** One method of a control route: the fields it reads (query string or body; `undefined`: none) and its 200 answer. */
export interface ControlRoute<Request extends object | undefined, Answer> {
  request: Request;
  answer: Answer;
}

/** Every control route by path and method. Read-only routes also answer POST, for clients that can only POST. */
export interface ControlRoutes {
  '/__emulator/health': { GET: ControlRoute<undefined, MessageAnswer> };
  '/__emulator/setup': { POST: ControlRoute<SetupRequest, SetupAnswer> };
  '/__emulator/connect': { POST: ControlRoute<ConnectRequest, MessageAnswer> };
  '/__emulator/disconnect': { POST: ControlRoute<DisconnectRequest, MessageAnswer> };
  '/__emulator/devices/webhook': { POST: ControlRoute<WebhookAddressRequest, WebhookAddressAnswer> };
  '/__emulator/groups': { POST: ControlRoute<CreateGroupRequest, GroupAnswer> };
  '/__emulator/templates': { POST: ControlRoute<CreateTemplateRequest, TemplateAnswer> };
  '/__emulator/otp': { POST: ControlRoute<IssueOtpRequest, OtpAnswer> };
  '/__emulator/inbound': { POST: ControlRoute<InboundRequest, InboundAnswer> };
  '/__emulator/contacts/name': { POST: ControlRoute<ContactNameRequest, ContactNameAnswer> };
  '/__emulator/outbox': { GET: ControlRoute<OutboxQuery, OutboxAnswer> };
  '/__emulator/webhooks': { GET: ControlRoute<WebhooksQuery, WebhooksAnswer> };
  '/__emulator/reset': { POST: ControlRoute<undefined, MessageAnswer> };
  '/__emulator/faults': {
    POST: ControlRoute<FaultRuleInput, FaultAddedAnswer>;
    GET: ControlRoute<undefined, FaultsAnswer>;
  };
  '/__emulator/faults/remove': { POST: ControlRoute<RemoveFaultRequest, MessageAnswer> };
  '/__emulator/faults/clear': { POST: ControlRoute<undefined, MessageAnswer> };
  '/__emulator/clock': { GET: ControlRoute<undefined, ClockAnswer> };
  '/__emulator/clock/set': { POST: ControlRoute<SetClockRequest, ClockAnswer> };
  '/__emulator/clock/advance': { POST: ControlRoute<AdvanceClockRequest, ClockAnswer> };
  '/__emulator/clock/reset': { POST: ControlRoute<undefined, ClockAnswer> };
  '/__emulator/requests': { GET: ControlRoute<RequestsQuery, RequestsAnswer> };
  '/__emulator/options': {
    GET: ControlRoute<undefined, OptionsAnswer>;
    POST: ControlRoute<OptionsRequest, OptionsChangedAnswer>;
  };
  '/__emulator/openapi.json': { GET: ControlRoute<undefined, OpenApiDocument> };
  '/__emulator/devices': { GET: ControlRoute<undefined, DevicesAnswer> };
  '/__emulator/pairing': { GET: ControlRoute<AppkeyQuery, PairingAnswer> };
  '/__emulator/chats': { GET: ControlRoute<ChatsQuery, ChatsAnswer> };
  '/__emulator/chat': { GET: ControlRoute<ChatQuery, ChatAnswer> };
  '/__emulator/webhooks/attempts': { GET: ControlRoute<AttemptsQuery, AttemptsAnswer> };
  '/__emulator/webhooks/redeliver': { POST: ControlRoute<RedeliverRequest, RedeliverAnswer> };
  '/__emulator/state': {
    GET: ControlRoute<undefined, StateAnswer>;
    POST: ControlRoute<StateDocument, ImportAnswer>;
  };
  '/__emulator/events': { GET: ControlRoute<EventsQuery, EventStream> };
  '/__emulator/events/disconnect': { POST: ControlRoute<undefined, DisconnectedStreamsAnswer> };
  '/__emulator/load': {
    GET: ControlRoute<undefined, LoadAnswer>;
    POST: ControlRoute<LoadRun, MessageAnswer>;
  };
}

export type ControlPath = keyof ControlRoutes;

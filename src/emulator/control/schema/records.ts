// The control API's records: what its answers are made of (devices, chats, messages, fault rules, the request log,
// webhook deliveries and attempts).
import * as v from 'valibot';
import { anyObject, answer, bool, int, str, textRecord } from './base.js';

export const DeliveryState = v.picklist(['pending', 'delivered', 'failed']);

export const NamedError = v.picklist([
  'internal',
  'unavailable',
  'license',
  'rate-limit',
  'not-connected',
  'no-device',
  'bad-authkey',
  'validation',
]);

export const GroupParticipant = v.object({ id: str, admin: v.optional(bool) });

export const FaultMatch = v.object({
  path: v.optional(str),
  operation: v.optional(str),
  appkey: v.optional(str),
  /** A recipient as digits or a group id; matches a schedule's list when any of its recipients is this one. */
  to: v.optional(str),
});

/** A fault rule: what it matches (all given fields must match) and what it does. */
export const FaultRule = v.object({
  id: str,
  match: FaultMatch,
  /** Answer this status and message instead of running the operation. */
  status: v.optional(int),
  message: v.optional(str),
  /** The HTTP status line says 200 while the body carries the error. */
  http200: v.optional(bool),
  /** Wait this long before answering (or before running the operation, when nothing else is set). */
  delayMs: v.optional(int),
  /** Close the connection without answering. */
  drop: v.optional(bool),
  /** How many more matching requests it hits; undefined = every one until removed. */
  remaining: v.optional(int),
  hits: int,
});

export const LoggedRequest = v.object({
  id: int,
  /** Emulator time (the test clock) at which the answer went out, ISO 8601 UTC. */
  timestamp: str,
  method: str,
  path: str,
  /** The operation the path and flags selected, when the request got that far. */
  operation: v.nullable(str),
  /** The body's status, or null when the connection was dropped without an answer. */
  status: v.nullable(int),
  /** The HTTP status line (differs from `status` only under an `http200` fault). */
  httpStatus: v.nullable(int),
  /** The fault rule (`flt_N`) or magic recipient (`magic:<number>`) that hit the request. */
  fault: v.nullable(str),
  /** Why the emulator refused the request (the rule, the field by its path), null for a success; never in the answer. */
  reason: v.nullable(str),
  /** A refused send's recipient (`to`) as a chat (digits, or the group id); null otherwise or when `to` is none. */
  chat: v.optional(v.nullable(str)),
  /**
   * The device a refused send was for, when its authkey and appkey were that device's own; null when the keys named
   * none (a wrong authkey, another account's appkey): the console then shows it in every device's chat with `chat`.
   */
  dispositivo: v.optional(v.nullable(str)),
  /** Masked appkey. */
  appkey: v.nullable(str),
  /** Request fields (query string and body) with keys and passwords masked. */
  body: anyObject,
  /** The answer's body, keys masked; null when the connection was dropped. */
  resposta: v.optional(v.nullable(anyObject)),
});

export const ClockAnswer = answer({ message: v.optional(str), agora: str, alterado: bool });

export const DeviceView = v.object({
  id: str,
  nome: str,
  appkey: str,
  /** The phone number as digits, or `''` before the phone says it. */
  telefone: str,
  webhook: str,
  conectado: bool,
  /** The 8-digit pairing code of a pairing by phone number, while not connected. */
  codigo: v.nullable(str),
});

export const AccountView = v.object({
  id: int,
  nome: str,
  email: str,
  authkey: str,
  dispositivos: v.array(DeviceView),
});

/** A limit of the messaging app a sent message breaks (it is accepted; the contact's phone would not show it so). */
export const MessageWarning = v.object({ regra: str, texto: str });

export const MessageDirection = v.picklist(['out', 'in']);

/** A message of a chat: sent by the device (`out`, an outbox kind) or by a contact (`in`, an inbound `evento`). */
export const ChatMessage = v.object({
  id: str,
  direction: MessageDirection,
  /** out: text, media, reply, story, carousel, buttons, location, poll, reaction, template; in: text, button,
   * poll_vote, reaction, location. */
  kind: str,
  chat: str,
  /** Emulator time, ISO 8601. */
  timestamp: str,
  /** out: the outbox content; in: the event's own fields (`mensagem`, `opcao`, `opcoes`, `emoji`, ...). */
  content: anyObject,
  /** in: the contact's number. */
  de: v.optional(str),
  /** in: the contact's display name, when given. */
  nome: v.optional(str),
  agendamento_id: v.optional(str),
  /** out: where it came from: `api` (a client of the service: the bot), `cli` (the chatbot CLI), `schedule`. */
  origem: v.optional(v.picklist(['api', 'cli', 'schedule'])),
  avisos: v.array(MessageWarning),
  /** Where this message stands in the chat: `before` pages back from it. */
  cursor: str,
});

export const PendingSchedule = v.object({
  id: str,
  /** The wall-clock time as given, in the emulator's zone. */
  agendamento: str,
  /** When it goes out, emulator time, ISO 8601. */
  enviaEm: str,
  message: str,
  file: v.nullable(str),
});

/** One attempt to post an event to a webhook. */
export const WebhookAttempt = v.object({
  entrega: int,
  /** 1, 2, ... as the x-emulator-attempt header said. */
  tentativa: int,
  /** Emulator time the attempt ended, ISO 8601. */
  em: str,
  /** The receiver's HTTP status, or null when none came (network error, timeout). */
  httpStatus: v.nullable(int),
  erro: v.nullable(str),
  /** Real milliseconds from sending the event to the receiver's answer or the failure (null when not measured). */
  latenciaMs: v.nullable(int),
  /** When the next attempt is due, or null (delivered, or given up). */
  proxima: v.nullable(str),
  /** The event's `idMessagem`, `evento` and `chat` (the contact's number or the group id). */
  idMessagem: str,
  evento: str,
  chat: str,
  /** The POST as sent: the address, the headers, and the event (the device's appkey, `instancia`, masked). */
  enviado: v.object({ url: str, cabecalhos: textRecord, corpo: anyObject }),
  /** The receiver's answer (its headers and the first 2 KiB of its body as text), or null when none came. */
  resposta: v.nullable(v.object({ cabecalhos: textRecord, corpo: str, cortado: bool })),
});

export const ChatSummary = v.object({
  /** The contact's number (digits), a group id, or `status@broadcast` (status posts). */
  chat: str,
  isGrupo: bool,
  /** The group's title, the name the contact goes by (or last wrote under), else the number. */
  titulo: str,
  /** Messages both ways. */
  mensagens: int,
  /** Emulator time of the newest message, ISO 8601. */
  ultima: v.nullable(str),
  /** Schedules waiting to go out to this chat. */
  agendados: int,
  /** The newest message in a few words (the newest 100 chats have one). */
  previa: v.optional(str),
});

export const OutboxMessage = v.object({
  id: str,
  to: str,
  kind: str,
  content: anyObject,
  timestamp: str,
  agendamento_id: v.optional(str),
});

export const WebhookDelivery = v.object({
  id: int,
  estado: DeliveryState,
  tentativas: int,
  evento: anyObject,
  ultimoErro: v.nullable(str),
  url: str,
});

export const GroupView = v.object({ titulo: str, descricao: str, participantes: v.array(GroupParticipant) });

const StateFields = {
  formato: v.literal('chatbot-emulator-state'),
  /** The database schema version it was exported from. */
  versao: int,
  exportadoEm: str,
  relogio: v.object({ agora: str, alterado: bool }),
  tabelas: v.record(v.string(), v.array(anyObject)),
};

/** The whole state as one document: every table's rows, and the clock. */
export const StateDocument = v.object(StateFields);

export const StateAnswer = answer(StateFields);

// The control API's requests: the fields of each route's query string or body, with what the document says of them.
import * as v from 'valibot';
import { anyObject, bool, described, int, optionalDescribed, str } from './base.js';
import { DeliveryState, GroupParticipant, NamedError } from './records.js';

const integerOrText = v.union([str, int]);

/** An account and one of its devices, made or re-used: what a test run needs before contacts write. */
export const SetupRequest = v.object({
  authkey: optionalDescribed(str, 'An existing account, or the key of a new one; random when absent'),
  appkey: optionalDescribed(str, 'A device of that account, or the appkey of a new one'),
  webhook: optionalDescribed(str, "Where the device's events go"),
  conectado: optionalDescribed(bool, 'false: leave the device not connected'),
});

export const ConnectRequest = v.object({
  appkey: str,
  /** The number the phone turns out to have. */
  telefone: v.optional(str),
});

export const AppkeyQuery = v.object({ appkey: str });
export const DisconnectRequest = AppkeyQuery;
export const ChatsQuery = v.object({ appkey: str });

export const WebhookAddressRequest = v.object({
  appkey: str,
  /** An http(s) URL, or `""` for none. */
  webhook: str,
});

export const CreateGroupRequest = v.object({
  appkey: str,
  titulo: str,
  descricao: v.optional(str),
  /** Each a member: its number (a plain member) or `{ id, admin }`. */
  participantes: v.optional(v.array(v.union([str, GroupParticipant]))),
});

export const CreateTemplateRequest = v.object({
  authkey: str,
  texto: str,
  id: optionalDescribed(str, 'The id chosen (letters, digits, _ and -); random when absent'),
  /** Reply buttons: their text, or text and id. */
  botoes: v.optional(v.array(v.union([str, v.object({ id: v.optional(str), texto: str })]))),
});

export const IssueOtpRequest = v.object({ appkey: str, to: str });

export const InboundEvent = v.picklist(['text', 'media', 'button', 'poll_vote', 'reaction', 'location']);

const coordinate = v.union([v.number(), str]);

/** A contact writes, sends a file, clicks, votes, reacts or shares a location; each event reads its own fields. */
export const InboundRequest = v.object({
  appkey: str,
  evento: InboundEvent,
  /** The contact's number. */
  de: str,
  grupo: optionalDescribed(str, 'The group it was written in'),
  nome: optionalDescribed(
    str,
    "The contact's display name, which it goes by from then on (default: the name it goes by)",
  ),
  mensagem: optionalDescribed(str, 'text: the message; media, location: the caption'),
  idMensagem: optionalDescribed(
    str,
    'button, poll_vote, reaction: the message answered (button: a message sent to this chat; default: the latest with that button); text: the message quoted',
  ),
  url: optionalDescribed(str, "media: the file's http(s) URL"),
  nomeArquivo: optionalDescribed(str, "media: the file's name (default: the URL's last segment)"),
  /** media: the default is from the file name. */
  tipoMidia: v.optional(v.picklist(['image', 'video', 'audio', 'document'])),
  opcao: optionalDescribed(
    v.union([str, v.object({ id: v.optional(str), texto: v.optional(str) })]),
    'button: its id or text, or `{id}` or `{texto}`',
  ),
  opcoes: optionalDescribed(v.union([v.array(str), str]), 'poll_vote: the options chosen'),
  emoji: optionalDescribed(str, 'reaction: one emoji, or `remove`'),
  latitude: v.optional(coordinate),
  longitude: v.optional(coordinate),
});

/** The name a contact goes by: its events carry it as `nome` whenever the inbound call gives none. */
export const ContactNameRequest = v.object({
  appkey: str,
  contato: described(str, "The contact's number"),
  nome: described(str, 'Up to 100 characters on one line; `""` takes the name back'),
});

export const OutboxQuery = v.object({
  appkey: str,
  after: optionalDescribed(str, 'the id of the last message already read'),
});

export const WebhooksQuery = v.object({
  appkey: str,
  /** Only the deliveries in this state. */
  estado: v.optional(DeliveryState),
});

/** A fault rule: what it matches (all given fields must match) and what it does. */
export const FaultRuleInput = v.object({
  path: v.optional(str),
  operation: v.optional(str),
  appkey: v.optional(str),
  to: v.optional(str),
  error: v.optional(NamedError),
  status: v.optional(int),
  message: v.optional(str),
  http200: v.optional(bool),
  /** Wait this long first: a duration (`1500ms`, `3s`) or milliseconds. */
  delayMs: v.optional(integerOrText),
  drop: v.optional(bool),
  times: v.optional(int),
});

export const RemoveFaultRequest = v.object({ id: str });

/** An ISO 8601 instant with its zone, or epoch milliseconds. */
export const SetClockRequest = v.object({ at: integerOrText });

/** Milliseconds, or a duration: `500ms`, `90s`, `15m`, `2h`, `1d` or combinations like `1h30m` (src/duration.ts). */
export const AdvanceClockRequest = v.object({ by: integerOrText });

export const RequestsQuery = v.object({
  appkey: v.optional(str),
  path: v.optional(str),
  status: v.optional(int),
  /** An ISO 8601 time or epoch milliseconds. */
  since: v.optional(str),
  /** Only entries with a larger id. */
  after: v.optional(int),
  /** Only the request whose answer created this message, status post or schedule (its id). */
  mensagem: v.optional(str),
});

export const OptionsRequest = v.object({ requireConnected: v.optional(bool) });

export const ChatQuery = v.object({
  appkey: optionalDescribed(str, 'The device by one of its appkeys; or by `dispositivo`.'),
  dispositivo: optionalDescribed(
    str,
    "The device's id (`dev_…`), as a console deep link names it; when given, `appkey` is not read.",
  ),
  chat: str,
  /** Only messages older than this cursor (a message's `cursor`): the next page back. */
  before: v.optional(str),
  /** Messages per page, newest last: 1 to 500, default 100. */
  limit: v.optional(int),
});

export const RedeliverRequest = v.object({
  /** The delivery (queue id) whose event is sent again. */
  id: int,
  corpo: optionalDescribed(
    anyObject,
    "The event to send in its place; a masked instancia (as shown) stands for the device's appkey",
  ),
});

export const AttemptsQuery = v.object({
  appkey: str,
  /** Only the attempts of this delivery. */
  entrega: v.optional(int),
});

export const EventsQuery = v.object({
  /** Resume after this event (what the `Last-Event-ID` header says; the header wins). */
  lastEventId: v.optional(int),
  /** `message` events of these chats only, `<device id>:<chat>` comma-separated (empty: none); absent: every chat. */
  chats: v.optional(str),
  /** false: no `request` and `webhook` events. */
  logs: v.optional(bool),
  /**
   * On a resume: what the follower did not follow before (`<device id>:<chat>` of chats it now names, `logs` when it
   * now follows the logs), comma-separated; the missed events are then followed by a snapshot holding those.
   */
  fresh: v.optional(str),
});

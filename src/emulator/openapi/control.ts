// The control API (/__emulator/*) in the document: one entry per route and method, each written against the route's
// request and answer types in control/types.ts (a field missing from either side does not compile).
import type {
  AccountView,
  AppkeyQuery,
  ChatMessage,
  ChatSummary,
  ClockAnswer,
  DeviceView,
  MessageWarning,
  PendingSchedule,
  StateAnswer,
  StateDocument,
  WebhookAttempt,
  ControlPath,
  ControlRoute,
  ControlRoutes,
  FaultRule,
  LoggedRequest,
  OutboxMessage,
  WebhookDelivery,
} from '../control/types.js';
import { LOAD_RUN } from './load.js';
import { bool, int, MESSAGE, str } from './schemas.js';
import { answer, arrayOf, optional, refTo, shape, type Schema, type SchemaOf } from './shapes.js';

export interface ControlDoc {
  path: string;
  method: 'get' | 'post';
  summary: string;
  /** Query parameters (GET) or body fields (POST). */
  request?: Schema;
  response: Schema;
  /** The 200 answer's content type when it is not JSON (the event stream). */
  contentType?: string;
}

type RouteDoc<Route extends ControlRoute<object | undefined, unknown>> = {
  summary: string;
  response: SchemaOf<Route['answer']>;
  contentType?: string;
} & (Route['request'] extends object ? { request: SchemaOf<Route['request']> } : { request?: never });

const FAULT_RULE = shape<FaultRule>({
  id: str,
  match: shape({ path: optional(str), operation: optional(str), appkey: optional(str), to: optional(str) }),
  status: optional(int),
  message: optional(str),
  http200: optional(bool),
  delayMs: optional(int),
  drop: optional(bool),
  remaining: optional(int),
  hits: int,
});

const LOGGED_REQUEST = shape<LoggedRequest>({
  id: int,
  timestamp: str,
  method: str,
  path: str,
  operation: { type: ['string', 'null'] },
  status: { type: ['integer', 'null'] },
  httpStatus: { type: ['integer', 'null'] },
  fault: { type: ['string', 'null'] },
  reason: { type: ['string', 'null'] },
  chat: optional({ type: ['string', 'null'] }),
  dispositivo: optional({ type: ['string', 'null'] }),
  appkey: { type: ['string', 'null'] },
  body: { type: 'object' },
  resposta: optional({ type: ['object', 'null'] }),
});

const CLOCK = answer<ClockAnswer>({ message: optional(str), agora: str, alterado: bool });

const STATE_FIELDS = {
  formato: { const: 'chatbot-emulator-state' },
  versao: int,
  exportadoEm: str,
  relogio: shape<StateDocument['relogio']>({ agora: str, alterado: bool }),
  tabelas: { type: 'object', additionalProperties: { type: 'array', items: { type: 'object' } } },
};
const STATE_DOCUMENT = shape<StateDocument>(STATE_FIELDS);
const STATE = answer<StateAnswer>(STATE_FIELDS);

const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });

const DEVICE = shape<DeviceView>({
  id: str,
  nome: str,
  appkey: str,
  telefone: str,
  webhook: str,
  conectado: bool,
  codigo: { type: ['string', 'null'] },
});

const ACCOUNT = shape<AccountView>({ id: int, nome: str, email: str, authkey: str, dispositivos: arrayOf(DEVICE) });

const WARNING = shape<MessageWarning>({ regra: str, texto: str });

const CHAT_MESSAGE = shape<ChatMessage>({
  id: str,
  direction: { enum: ['out', 'in'] },
  kind: str,
  chat: str,
  timestamp: str,
  content: { type: 'object' },
  de: optional(str),
  nome: optional(str),
  agendamento_id: optional(str),
  origem: optional({ enum: ['api', 'cli', 'schedule'] }),
  avisos: arrayOf(WARNING),
  cursor: str,
});

const PENDING_SCHEDULE = shape<PendingSchedule>({
  id: str,
  agendamento: str,
  enviaEm: str,
  message: str,
  file: { type: ['string', 'null'] },
});

const ATTEMPT = shape<WebhookAttempt>({
  entrega: int,
  tentativa: int,
  em: str,
  httpStatus: { type: ['integer', 'null'] },
  erro: { type: ['string', 'null'] },
  latenciaMs: { type: ['integer', 'null'] },
  proxima: { type: ['string', 'null'] },
  idMessagem: str,
  evento: str,
  chat: str,
  enviado: shape<WebhookAttempt['enviado']>({
    url: str,
    cabecalhos: { type: 'object', additionalProperties: str },
    corpo: { type: 'object' },
  }),
  resposta: {
    anyOf: [
      shape<NonNullable<WebhookAttempt['resposta']>>({
        cabecalhos: { type: 'object', additionalProperties: str },
        corpo: str,
        cortado: bool,
      }),
      { type: 'null' },
    ],
  },
});

const CHAT_SUMMARY = shape<ChatSummary>({
  chat: str,
  isGrupo: bool,
  titulo: str,
  mensagens: int,
  ultima: { type: ['string', 'null'] },
  agendados: int,
  previa: optional(str),
});

/** The control API's records, as component schemas. */
export const CONTROL_SCHEMAS: Readonly<Record<string, Schema>> = {
  FaultRule: FAULT_RULE,
  LoggedRequest: LOGGED_REQUEST,
  Clock: CLOCK,
  AccountWithDevices: ACCOUNT,
  ChatMessage: CHAT_MESSAGE,
  PendingSchedule: PENDING_SCHEDULE,
  WebhookAttempt: ATTEMPT,
  LoadRun: LOAD_RUN,
};

const message = refTo('Message', MESSAGE);
const faultRule = refTo('FaultRule', FAULT_RULE);
const clock = refTo('Clock', CLOCK);
const appkey = shape<AppkeyQuery>({ appkey: str });
const outboxItem = shape<OutboxMessage>({
  id: str,
  to: str,
  kind: str,
  content: { type: 'object' },
  timestamp: str,
  agendamento_id: optional(str),
});
const deliveryState = { enum: ['pending', 'delivered', 'failed'] };
const delivery = shape<WebhookDelivery>({
  id: int,
  estado: deliveryState,
  tentativas: int,
  evento: { type: 'object' },
  ultimoErro: { type: ['string', 'null'] },
  url: str,
});

/** The documentation of one path, one entry per method control/types.ts declares for it. */
type PathDocs<Path extends ControlPath> = {
  [Method in keyof ControlRoutes[Path]]: ControlRoutes[Path][Method] extends ControlRoute<object | undefined, unknown>
    ? RouteDoc<ControlRoutes[Path][Method]>
    : never;
};

const DOCS: { [Path in ControlPath]: PathDocs<Path> } = {
  '/__emulator/health': { GET: { summary: 'Answers when the base URL is the emulator', response: message } },
  '/__emulator/setup': {
    POST: {
      summary: 'An account with this authkey and a connected device with this appkey, made or re-used',
      request: shape({
        authkey: optional({ ...str, description: 'An existing account, or the key of a new one; random when absent' }),
        appkey: optional({ ...str, description: 'A device of that account, or the appkey of a new one' }),
        webhook: optional({ ...str, description: "Where the device's events go" }),
        conectado: optional({ ...bool, description: 'false: leave the device not connected' }),
      }),
      response: answer({ message: str, authkey: str, appkey: str, id: str, nome: str }),
    },
  },
  '/__emulator/connect': {
    POST: {
      summary: "The device's phone completes pairing",
      request: shape({ appkey: str, telefone: optional(str) }),
      response: message,
    },
  },
  '/__emulator/disconnect': { POST: { summary: "The device's phone disconnects", request: appkey, response: message } },
  '/__emulator/devices/webhook': {
    POST: {
      summary: 'A device\'s webhook address changes; it stays connected (`""`: no webhook)',
      request: shape({ appkey: str, webhook: str }),
      response: answer({ message: str, webhook: str }),
    },
  },
  '/__emulator/groups': {
    POST: {
      summary: 'A group the device is in',
      request: shape({
        appkey: str,
        titulo: str,
        descricao: optional(str),
        participantes: optional({ type: 'array' }),
      }),
      response: answer({ message: str, grupo: str, convite: str }),
    },
  },
  '/__emulator/templates': {
    POST: {
      summary: 'A template of the account',
      request: shape({
        authkey: str,
        texto: str,
        id: optional({ ...str, description: 'The id chosen (letters, digits, _ and -); random when absent' }),
        botoes: optional({ type: 'array' }),
      }),
      response: answer({ message: str, template_id: str }),
    },
  },
  '/__emulator/otp': {
    POST: {
      summary: 'An OTP code the device sent to a number',
      request: shape({ appkey: str, to: str }),
      response: answer({ message: str, code: str, expiraEm: str }),
    },
  },
  '/__emulator/inbound': {
    POST: {
      summary: 'A contact writes, sends a file, clicks, votes, reacts or shares a location',
      request: shape({
        appkey: str,
        evento: { enum: ['text', 'media', 'button', 'poll_vote', 'reaction', 'location'] },
        de: str,
        grupo: optional({ ...str, description: 'The group it was written in' }),
        nome: optional({
          ...str,
          description: "The contact's display name, which it goes by from then on (default: the name it goes by)",
        }),
        mensagem: optional({ ...str, description: 'text: the message; media, location: the caption' }),
        idMensagem: optional({
          ...str,
          description:
            'button, poll_vote, reaction: the message answered (button: a message sent to this chat; default: the latest with that button); text: the message quoted',
        }),
        url: optional({ ...str, description: "media: the file's http(s) URL" }),
        nomeArquivo: optional({ ...str, description: "media: the file's name (default: the URL's last segment)" }),
        tipoMidia: optional({ enum: ['image', 'video', 'audio', 'document'] }),
        opcao: optional({ type: ['string', 'object'], description: 'button: its id or text, or `{id}` or `{texto}`' }),
        opcoes: optional({ type: ['array', 'string'], description: 'poll_vote: the options chosen' }),
        emoji: optional({ ...str, description: 'reaction: one emoji, or `remove`' }),
        latitude: optional({ type: ['number', 'string'] }),
        longitude: optional({ type: ['number', 'string'] }),
      }),
      response: answer({ message: str, idMessagem: str }),
    },
  },
  '/__emulator/contacts/name': {
    POST: {
      summary: 'The name a contact goes by: its events carry it as `nome` when the inbound call gives none',
      request: shape({
        appkey: str,
        contato: { ...str, description: "The contact's number" },
        nome: { ...str, description: 'Up to 100 characters on one line; `""` takes the name back' },
      }),
      response: answer({ message: str, contato: str, nome: str }),
    },
  },
  '/__emulator/outbox': {
    GET: {
      summary: 'Every message that went out for a device (`after`: only those after the message of that id)',
      request: shape({
        appkey: str,
        after: optional({ ...str, description: 'the id of the last message already read' }),
      }),
      response: answer({ mensagens: arrayOf(outboxItem) }),
    },
  },
  '/__emulator/webhooks': {
    GET: {
      summary: "The device's webhook deliveries",
      request: shape({ appkey: str, estado: optional(deliveryState) }),
      response: answer({
        contagem: shape({ pending: int, delivered: int, failed: int }),
        entregas: arrayOf(delivery),
      }),
    },
  },
  '/__emulator/reset': {
    POST: {
      summary: 'Erase all state, fault rules and the request log; real time again',
      response: message,
    },
  },
  '/__emulator/faults': {
    POST: {
      summary: 'Add a fault rule',
      request: shape({
        path: optional(str),
        operation: optional(str),
        appkey: optional(str),
        to: optional(str),
        error: optional(str),
        status: optional(int),
        message: optional(str),
        http200: optional(bool),
        delayMs: optional({ type: ['string', 'integer'] }),
        drop: optional(bool),
        times: optional(int),
      }),
      response: answer({ message: str, falha: faultRule }),
    },
    GET: { summary: 'The fault rules', response: answer({ falhas: arrayOf(faultRule) }) },
  },
  '/__emulator/faults/remove': {
    POST: {
      summary: 'Remove a fault rule',
      request: shape({ id: str }),
      response: message,
    },
  },
  '/__emulator/faults/clear': { POST: { summary: 'Remove every fault rule', response: message } },
  '/__emulator/clock': { GET: { summary: "The emulator's time", response: clock } },
  '/__emulator/clock/set': {
    POST: {
      summary: 'Put the clock at an instant',
      request: shape({ at: { type: ['string', 'integer'] } }),
      response: clock,
    },
  },
  '/__emulator/clock/advance': {
    POST: {
      summary: 'Move the clock forward',
      request: shape({ by: { type: ['string', 'integer'] } }),
      response: clock,
    },
  },
  '/__emulator/clock/reset': { POST: { summary: 'Back to real time', response: clock } },
  '/__emulator/requests': {
    GET: {
      summary: 'Service requests received, accepted or rejected',
      request: shape({
        appkey: optional(str),
        path: optional(str),
        status: optional(int),
        since: optional(str),
        after: optional(int),
        mensagem: optional(str),
      }),
      response: answer({ requisicoes: arrayOf(refTo('LoggedRequest', LOGGED_REQUEST)) }),
    },
  },
  '/__emulator/options': {
    GET: {
      summary: "The emulator's switchable options",
      response: answer({ requireConnected: bool }),
    },
    POST: {
      summary: 'Switch options (`requireConnected`)',
      request: shape({ requireConnected: optional(bool) }),
      response: answer({ message: str, requireConnected: bool }),
    },
  },
  '/__emulator/openapi.json': {
    GET: {
      summary: 'This document',
      response: { type: 'object', required: ['openapi', 'paths'] },
    },
  },
  '/__emulator/devices': {
    GET: {
      summary: 'Every account with its devices',
      response: answer({ contas: arrayOf(refTo('AccountWithDevices', ACCOUNT)) }),
    },
  },
  '/__emulator/pairing': {
    GET: {
      summary: "A device's pairing QR (SVG) and 8-digit code while it is not connected",
      request: appkey,
      response: answer({
        dispositivo: str,
        conectado: bool,
        qr: nullable(shape({ conteudo: str, svg: str })),
        codigo: { type: ['string', 'null'] },
      }),
    },
  },
  '/__emulator/chats': {
    GET: {
      summary: "A device's chats, the most recent first",
      request: shape({ appkey: str }),
      response: answer({ conversas: arrayOf(CHAT_SUMMARY) }),
    },
  },
  '/__emulator/chat': {
    GET: {
      summary: "A chat's messages both ways, a page at a time, and its pending schedules",
      request: shape({
        appkey: optional({ type: 'string', description: 'The device by one of its appkeys; or by `dispositivo`.' }),
        dispositivo: optional({
          type: 'string',
          description: "The device's id (`dev_…`), as a console deep link names it; when given, `appkey` is not read.",
        }),
        chat: str,
        before: optional(str),
        limit: optional(int),
      }),
      response: answer({
        chat: str,
        isGrupo: bool,
        grupo: nullable(
          shape({
            titulo: str,
            descricao: str,
            participantes: arrayOf(shape({ id: str, admin: optional(bool) })),
          }),
        ),
        mensagens: arrayOf(refTo('ChatMessage', CHAT_MESSAGE)),
        anterior: { type: ['string', 'null'] },
        agendados: arrayOf(refTo('PendingSchedule', PENDING_SCHEDULE)),
      }),
    },
  },
  '/__emulator/webhooks/attempts': {
    GET: {
      summary: "Every attempt of a device's webhook deliveries",
      request: shape({ appkey: str, entrega: optional(int) }),
      response: answer({ tentativas: arrayOf(refTo('WebhookAttempt', ATTEMPT)) }),
    },
  },
  '/__emulator/webhooks/redeliver': {
    POST: {
      summary: 'Queue a delivered or failed event again (or an edited one), as a new delivery',
      request: shape({
        id: int,
        corpo: optional({
          type: 'object',
          description: "The event to send in its place; a masked instancia (as shown) stands for the device's appkey",
        }),
      }),
      response: answer({ message: str, entrega: int }),
    },
  },
  '/__emulator/state': {
    GET: { summary: "The emulator's whole state as one document", response: STATE },
    POST: {
      summary: 'Replace the whole state with an exported document',
      request: STATE_DOCUMENT,
      response: answer({ message: str, linhas: int }),
    },
  },
  '/__emulator/events': {
    GET: {
      summary:
        'Live events (Server-Sent Events): a snapshot at the stream position, then each change; resume with Last-Event-ID',
      request: shape({ lastEventId: optional(int), chats: optional(str), logs: optional(bool), fresh: optional(str) }),
      response: { type: 'string', description: '`id:`, `event:` and `data:` (JSON) lines per event' },
      contentType: 'text/event-stream',
    },
  },
  '/__emulator/events/disconnect': {
    POST: {
      summary: 'End every event stream (their followers reconnect and resume)',
      response: answer({ message: str, streams: int }),
    },
  },
  '/__emulator/load': {
    GET: {
      summary:
        'The latest `chatbot test --load` run: its figures so far, or its end summary (null: none since a reset)',
      response: answer({ carga: nullable(refTo('LoadRun', LOAD_RUN)) }),
    },
    POST: {
      summary:
        "A load run's figures, posted by its runner each tick and at its end; the console shows them live (`load` events)",
      request: refTo('LoadRun', LOAD_RUN),
      response: message,
    },
  },
};

/** The routes in the document's order. */
export const CONTROL_ROUTES: readonly ControlDoc[] = Object.entries(DOCS).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, Omit<ControlDoc, 'path' | 'method'>>).map(([method, doc]) => ({
    path,
    method: method.toLowerCase() as ControlDoc['method'],
    ...doc,
  })),
);

// The control API (/__emulator/*) in the document: one entry per route and method, each written against the route's
// request and answer types in control/types.ts (a field missing from either side does not compile).
import type {
  AppkeyQuery,
  ClockAnswer,
  ControlPath,
  ControlRoute,
  ControlRoutes,
  FaultRule,
  LoggedRequest,
  OutboxMessage,
  WebhookDelivery,
} from '../control/types.js';
import { bool, int, MESSAGE, str } from './schemas.js';
import { answer, arrayOf, optional, refTo, shape, type Schema, type SchemaOf } from './shapes.js';

export interface ControlDoc {
  path: string;
  method: 'get' | 'post';
  summary: string;
  /** Query parameters (GET) or body fields (POST). */
  request?: Schema;
  response: Schema;
}

type RouteDoc<Route extends ControlRoute<object | undefined, unknown>> = {
  summary: string;
  response: SchemaOf<Route['answer']>;
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
  appkey: { type: ['string', 'null'] },
  body: { type: 'object' },
});

const CLOCK = answer<ClockAnswer>({ message: optional(str), agora: str, alterado: bool });

/** The control API's records, as component schemas. */
export const CONTROL_SCHEMAS: Readonly<Record<string, Schema>> = {
  FaultRule: FAULT_RULE,
  LoggedRequest: LOGGED_REQUEST,
  Clock: CLOCK,
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
        nome: optional({ ...str, description: "The contact's display name" }),
        mensagem: optional({ ...str, description: 'text: the message; media, location: the caption' }),
        idMensagem: optional({
          ...str,
          description: 'button, poll_vote, reaction: the message answered; text: the message quoted',
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
  '/__emulator/outbox': {
    GET: {
      summary: 'Every message that went out for a device',
      request: appkey,
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
        delayMs: optional(int),
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
};

/** The routes in the document's order. */
export const CONTROL_ROUTES: readonly ControlDoc[] = Object.entries(DOCS).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, Omit<ControlDoc, 'path' | 'method'>>).map(([method, doc]) => ({
    path,
    method: method.toLowerCase() as ControlDoc['method'],
    ...doc,
  })),
);

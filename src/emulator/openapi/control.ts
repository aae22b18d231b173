// The control API (/__emulator/*), one entry per route and method.
import { body, bool, int, object, ok, ref, str, type Schema } from './schemas.js';

export interface ControlDoc {
  path: string;
  method: 'get' | 'post';
  summary: string;
  /** Query parameters (GET) or body fields (POST). */
  request?: Schema;
  response: Schema;
}

const appkey = body({ appkey: str }, ['appkey']);
const message = ref('Message');
const outboxItem = object(
  { id: str, to: str, kind: str, content: { type: 'object' }, timestamp: str, agendamento_id: str },
  ['agendamento_id'],
);
const delivery = object({
  id: int,
  estado: { enum: ['pending', 'delivered', 'failed'] },
  tentativas: int,
  evento: { type: 'object' },
  ultimoErro: { type: ['string', 'null'] },
  url: str,
});

export const CONTROL_ROUTES: readonly ControlDoc[] = [
  {
    path: '/__emulator/health',
    method: 'get',
    summary: 'Answers when the base URL is the emulator',
    response: message,
  },
  {
    path: '/__emulator/connect',
    method: 'post',
    summary: "The device's phone completes pairing",
    request: body({ appkey: str, telefone: str }, ['appkey']),
    response: message,
  },
  {
    path: '/__emulator/disconnect',
    method: 'post',
    summary: "The device's phone disconnects",
    request: appkey,
    response: message,
  },
  {
    path: '/__emulator/groups',
    method: 'post',
    summary: 'A group the device is in',
    request: body({ appkey: str, titulo: str, descricao: str, participantes: { type: 'array' } }, ['appkey', 'titulo']),
    response: ok({ message: str, grupo: str, convite: str }),
  },
  {
    path: '/__emulator/templates',
    method: 'post',
    summary: 'A template of the account',
    request: body({ authkey: str, texto: str, botoes: { type: 'array' } }, ['authkey', 'texto']),
    response: ok({ message: str, template_id: str }),
  },
  {
    path: '/__emulator/otp',
    method: 'post',
    summary: 'An OTP code the device sent to a number',
    request: body({ appkey: str, to: str }, ['appkey', 'to']),
    response: ok({ message: str, code: str, expiraEm: str }),
  },
  {
    path: '/__emulator/inbound',
    method: 'post',
    summary: 'A contact writes, clicks, votes, reacts or shares a location',
    request: body({ appkey: str, evento: { enum: ['text', 'button', 'poll_vote', 'reaction', 'location'] }, de: str }, [
      'appkey',
      'evento',
      'de',
    ]),
    response: ok({ message: str, idMessagem: str }),
  },
  {
    path: '/__emulator/outbox',
    method: 'get',
    summary: 'Every message that went out for a device',
    request: appkey,
    response: ok({ mensagens: { type: 'array', items: outboxItem } }),
  },
  {
    path: '/__emulator/webhooks',
    method: 'get',
    summary: "The device's webhook deliveries",
    request: appkey,
    response: ok({ entregas: { type: 'array', items: delivery } }),
  },
  {
    path: '/__emulator/reset',
    method: 'post',
    summary: 'Erase all state, fault rules and the request log; real time again',
    response: message,
  },
  {
    path: '/__emulator/faults',
    method: 'post',
    summary: 'Add a fault rule',
    request: body(
      {
        path: str,
        operation: str,
        appkey: str,
        to: str,
        error: str,
        status: int,
        message: str,
        http200: bool,
        delayMs: int,
        drop: bool,
        times: int,
      },
      [],
    ),
    response: ok({ message: str, falha: ref('FaultRule') }),
  },
  {
    path: '/__emulator/faults',
    method: 'get',
    summary: 'The fault rules',
    response: ok({ falhas: { type: 'array', items: ref('FaultRule') } }),
  },
  {
    path: '/__emulator/faults/remove',
    method: 'post',
    summary: 'Remove a fault rule',
    request: body({ id: str }, ['id']),
    response: message,
  },
  { path: '/__emulator/faults/clear', method: 'post', summary: 'Remove every fault rule', response: message },
  { path: '/__emulator/clock', method: 'get', summary: "The emulator's time", response: ref('Clock') },
  {
    path: '/__emulator/clock/set',
    method: 'post',
    summary: 'Put the clock at an instant',
    request: body({ at: { type: ['string', 'integer'] } }, ['at']),
    response: ref('Clock'),
  },
  {
    path: '/__emulator/clock/advance',
    method: 'post',
    summary: 'Move the clock forward',
    request: body({ by: { type: ['string', 'integer'] } }, ['by']),
    response: ref('Clock'),
  },
  { path: '/__emulator/clock/reset', method: 'post', summary: 'Back to real time', response: ref('Clock') },
  {
    path: '/__emulator/requests',
    method: 'get',
    summary: 'Service requests received, accepted or rejected',
    request: body({ appkey: str, path: str, status: int, since: str, after: int }, []),
    response: ok({ requisicoes: { type: 'array', items: ref('LoggedRequest') } }),
  },
  {
    path: '/__emulator/options',
    method: 'get',
    summary: "The emulator's switchable options",
    response: ok({ requireConnected: bool }),
  },
  {
    path: '/__emulator/options',
    method: 'post',
    summary: 'Switch options (`requireConnected`)',
    request: body({ requireConnected: bool }, []),
    response: ok({ message: str, requireConnected: bool }),
  },
  {
    path: '/__emulator/openapi.json',
    method: 'get',
    summary: 'This document',
    response: { type: 'object', required: ['openapi', 'paths'] },
  },
];

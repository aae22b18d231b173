// Property 1: every answer is a JSON object with an integer status < 500 equal to the HTTP status line, a string
// message, and a status and message that docs/emulator.md lists for the path.
import type { FuzzRequest } from './request.js';
import type { Answer } from './transport.js';

export const BODY_LIMIT = 1024 * 1024;
export const TOO_LARGE = 'Corpo da requisição muito grande.';
/** What node's HTTP parser answers (the emulator's clientError handler) for a request it cannot read. */
export const BAD_REQUEST = 'Requisição inválida.';

const VALIDATION = 'validation.required';
const BAD_AUTHKEY = 'Authkey inválida ou não encontrada.';
const NO_DEVICE = 'Nenhum dispositivo encontrado.';
const AMBIGUOUS = 'Mais de um dispositivo com este nome; use o ID do dispositivo.';
const OTP_INVALID = 'OTP inválido ou expirado.';
const POLL_RULES = [
  'A enquete precisa de pelo menos 2 opcoes',
  'A enquete pode ter no máximo 12 opcoes',
  'A enquete não pode ter opcoes repetidas',
  'As opcoes da enquete não podem ser vazias',
];

type MessageRule = readonly string[] | RegExp;

/** Error statuses and their messages per path, from the seed and docs/emulator.md ("Order of checks"). */
const ERRORS: Readonly<Record<string, Readonly<Record<number, MessageRule>>>> = {
  '/api/v2/ia': { 400: [VALIDATION], 401: ['Authkey invalida ou expirada.'], 404: [NO_DEVICE], 409: [AMBIGUOUS] },
  '/api/auth': { 401: [VALIDATION, 'E-mail ou senha inválidos.'], 409: ['Usuario ja registrado com este e-mail.'] },
  '/api/v2/qrcode': { 400: ['Parâmetros inválidos.'], 401: [BAD_AUTHKEY] },
  '/api/create-message': {
    401: [VALIDATION, BAD_AUTHKEY, OTP_INVALID],
    403: POLL_RULES,
    404: [
      NO_DEVICE,
      'Nenhum dispositivo conectado encontrado',
      'Template não encontrado.',
      'Agendamento não encontrado ou já enviado.',
    ],
  },
  '/api/groups': { 401: [VALIDATION, BAD_AUTHKEY], 404: [NO_DEVICE, 'Grupo não encontrado.'] },
  '/api/settings': { 401: [VALIDATION, BAD_AUTHKEY], 404: [NO_DEVICE] },
  '/api/developer': {
    400: ['Parâmetros inválidos.'],
    401: [VALIDATION, BAD_AUTHKEY],
    404: [NO_DEVICE],
    409: [AMBIGUOUS, 'Dispositivo já conectado.'],
  },
};

const CONTROL_FIELD = /^Campo obrigatório ausente ou inválido: [^\s]+\.$/;
const CONTROL_ERRORS: Readonly<Record<number, MessageRule>> = { 400: CONTROL_FIELD, 404: [NO_DEVICE] };
/** inbound's 404s: no device, no such message, or no message sent to the chat with the button clicked. */
const INBOUND_NOT_FOUND = new RegExp(
  `^(${[NO_DEVICE, 'Mensagem não encontrada.'].map(escapeRegExp).join('|')}|Nenhuma mensagem enviada a \\S+ tem o botão ".*": envie a mensagem com o botão antes, ou indique idMensagem\\.)$`,
  's',
);
const CONTROL: Readonly<Record<string, Readonly<Record<number, MessageRule>>>> = {
  '/__emulator/templates': { 400: CONTROL_FIELD, 401: [BAD_AUTHKEY] },
  // inbound's 400s name the valid events, buttons or poll options, so only their presence is checked
  '/__emulator/inbound': { 400: /\S/, 404: INBOUND_NOT_FOUND },
  '/__emulator/health': {},
  '/__emulator/reset': {},
};

function errorRules(path: string): Readonly<Record<number, MessageRule>> {
  return ERRORS[path] ?? CONTROL[path] ?? CONTROL_ERRORS;
}

/**
 * Successes without a string `message`: listDevices/checkDevice (the seed shows only status and the record), the outbox/webhooks
 * reads, and the extensions whose `message` is an object (conecteQR's `{qr, id}`, checkDevice's `{exists, jid}`).
 */
function messageOptional(path: string, body: Record<string, unknown>): boolean {
  if (typeof body.message === 'object' && body.message !== null && ['/api/developer', '/api/settings'].includes(path))
    return true;
  if (path === '/api/developer')
    return Array.isArray(body.dispositivos) || (typeof body.dispositivo === 'object' && body.dispositivo !== null);
  return path === '/__emulator/outbox' || path === '/__emulator/webhooks';
}

function matches(rule: MessageRule, message: string): boolean {
  return rule instanceof RegExp ? rule.test(message) : rule.includes(message);
}

/** The status the request must get whatever its fields: 413 for a body over the limit, 400 for one cut short. */
function forcedStatus(req: FuzzRequest): number | undefined {
  const declared = (req.body?.length ?? 0) + (req.delivery === 'cut-short' ? 1 : 0);
  if (declared > BODY_LIMIT) return 413;
  if (req.delivery === 'cut-short') return 400;
  return undefined;
}

/** Everything wrong with the answer; empty when property 1 holds. */
export function answerProblems(req: FuzzRequest, answer: Answer): string[] {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return ['the answer is not JSON'];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['the answer is not a JSON object'];
  const record = body as Record<string, unknown>;
  const problems: string[] = [];
  const { status, message } = record;
  if (typeof status !== 'number' || !Number.isInteger(status)) problems.push('`status` is not an integer');
  if (status !== answer.status)
    problems.push(`body status ${String(status)} differs from the HTTP status line ${answer.status}`);
  if (answer.status >= 500) problems.push(`a ${answer.status} (server failure) for bad input`);
  const optional = answer.status === 200 && messageOptional(req.path, record);
  if (!optional && (typeof message !== 'string' || message === '')) problems.push('no string `message`');
  problems.push(...statusProblems(req, answer.status, typeof message === 'string' ? message : ''));
  if (message === OTP_INVALID && record.valid !== false) problems.push('an invalid OTP answer without `valid: false`');
  return problems;
}

function statusProblems(req: FuzzRequest, status: number, message: string): string[] {
  const forced = forcedStatus(req);
  if (forced !== undefined) {
    const expected = forced === 413 ? TOO_LARGE : BAD_REQUEST;
    return status === forced && message === expected ? [] : [`expected ${forced} ${JSON.stringify(expected)}`];
  }
  if (status === 200 || status >= 500) return [];
  const rule = errorRules(req.path)[status];
  if (!rule) return [`status ${status} is not one docs/emulator.md gives ${req.path}`];
  return matches(rule, message)
    ? []
    : [`message ${JSON.stringify(message)} is not one docs/emulator.md gives a ${status} on ${req.path}`];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

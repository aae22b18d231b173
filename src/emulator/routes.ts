// Path + flag fields → operation. Shared paths are resolved by an ordered rule list: the first rule that matches wins.
import { flag, has, required, type Fields } from './rules/fields.js';

export type OperationName =
  | 'createAgent'
  | 'register'
  | 'login'
  | 'pairDevice'
  | 'postStory'
  | 'sendCarousel'
  | 'sendButtons'
  | 'sendLocation'
  | 'sendPoll'
  | 'sendReaction'
  | 'sendTemplate'
  | 'scheduleMessage'
  | 'sendText'
  | 'verifyOtp'
  | 'groupInfo'
  | 'renameGroup'
  | 'groupInvite'
  | 'userStatus'
  | 'renameDevice'
  | 'switchWebhook'
  | 'deleteDevice'
  | 'listDevices'
  | 'checkDevice'
  // Extensions of the live service (docs/emulator.md).
  | 'sendMedia'
  | 'sendReply'
  | 'cancelSchedule'
  | 'connectQr'
  | 'disconnectDevice'
  | 'createApp'
  | 'pairingLink'
  | 'editAbout'
  | 'profilePicture'
  | 'deleteConversation'
  | 'checkNumber';

type Rule = readonly [OperationName, (fields: Fields) => boolean];

const isTrue = (key: string) => (fields: Fields) => flag(fields, key) === true;
const present = (key: string) => (fields: Fields) => has(fields, key);
const always = () => true;

/**
 * Precedence on /api/create-message: explicit `true` flags first (story, reactionMessage), then the field that only
 * one operation carries, most specific first; a body with none of them is a text (E12).
 */
const CREATE_MESSAGE: readonly Rule[] = [
  ['postStory', isTrue('story')],
  ['sendReaction', isTrue('reactionMessage')],
  ['cancelSchedule', isTrue('cancelarAgendamento')],
  ['verifyOtp', present('verificarOTP')],
  ['scheduleMessage', present('agendamento')],
  ['sendReply', present('idMensagem')],
  ['sendTemplate', present('template_id')],
  ['sendPoll', present('opcoes')],
  ['sendCarousel', present('cards')],
  ['sendButtons', present('buttons')],
  ['sendLocation', (f) => has(f, 'latitude') || has(f, 'longitude')],
  ['sendMedia', present('file')],
  ['sendText', always],
];

/** On the other shared paths, operations that only read win over operations that change something. */
const GROUPS: readonly Rule[] = [
  ['groupInfo', present('infoConvite')],
  ['groupInvite', present('obterConvite')],
  ['renameGroup', isTrue('tituloGrupo')],
];

const SETTINGS: readonly Rule[] = [
  ['userStatus', isTrue('obterStatus')],
  ['profilePicture', isTrue('obterImagem')],
  ['checkNumber', present('checkDevice')],
  ['renameDevice', isTrue('altereNome')],
  ['editAbout', isTrue('editeStatus')],
  ['switchWebhook', present('statusWebhook')],
  ['deleteConversation', isTrue('deleteConversaFluxo')],
];

const DEVELOPER: readonly Rule[] = [
  ['listDevices', isTrue('dispositivos')],
  ['checkDevice', isTrue('checkDispositivo')],
  ['pairingLink', (f) => required(f, 'GerenciarLinks') === 'conectar'],
  ['connectQr', isTrue('conecteQR')],
  ['createApp', present('criarApp')],
  ['disconnectDevice', isTrue('desconectar')],
  ['deleteDevice', isTrue('apagarDispositivo')],
];

const AUTH: readonly Rule[] = [
  ['login', (f) => required(f, 'auth') === 'login'],
  ['register', always],
];

export const SERVICE_PATHS: Readonly<Record<string, readonly Rule[]>> = {
  '/api/v2/ia': [['createAgent', always]],
  '/api/auth': AUTH,
  '/api/v2/qrcode': [['pairDevice', always]],
  '/api/create-message': CREATE_MESSAGE,
  '/api/groups': GROUPS,
  '/api/settings': SETTINGS,
  '/api/developer': DEVELOPER,
};

export function isServicePath(path: string): boolean {
  return Object.hasOwn(SERVICE_PATHS, path);
}

/** The operation a service request asks for; undefined when the path is shared and no flag selects one. */
export function selectOperation(path: string, fields: Fields): OperationName | undefined {
  const rules = Object.hasOwn(SERVICE_PATHS, path) ? SERVICE_PATHS[path] : undefined;
  return rules?.find(([, matches]) => matches(fields))?.[0];
}

/** `/api/auth/` and `/api/auth` are the same path. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

// The service's operations as the emulator implements them, one entry each: path, request fields, 200 answer.
import { EXTENSION_OPERATIONS } from './extension-operations.js';
import { body, bool, fields, object, ok, ref, str, type Schema } from './schemas.js';

export interface OperationDoc {
  /** The emulator's name of the operation (what fault rules and the request log call it). */
  name: string;
  /** The seed's number (E1–E22), or `extension` (docs/emulator.md, "Extensions"). */
  seed: string;
  path: string;
  summary: string;
  request: Schema;
  response: Schema;
}

const { flag, keys } = fields;
const CM = '/api/create-message';
const sendKeys = ['appkey', 'authkey', 'to'];

export const SERVICE_OPERATIONS: readonly OperationDoc[] = [
  {
    name: 'createAgent',
    seed: 'E1',
    path: '/api/v2/ia',
    summary: 'Create an AI agent on a device',
    request: body({ authkey: str, agent_name: str, device: str }, ['authkey', 'agent_name', 'device']),
    response: ok({ message: str, agent_id: str }),
  },
  {
    name: 'register',
    seed: 'E2',
    path: '/api/auth',
    summary: 'Register an account (`auth` = `registrar`)',
    request: body({ auth: { const: 'registrar' }, nome: str, email: str, senha: str, telefone: str, plano: str }, [
      'auth',
      'nome',
      'email',
      'senha',
      'telefone',
      'plano',
    ]),
    response: ok({ message: str, data: ref('Account'), dados: ref('AccountDados') }),
  },
  {
    name: 'login',
    seed: 'extension',
    path: '/api/auth',
    summary: 'Log in with e-mail and password (`auth` = `login`)',
    request: body({ auth: { const: 'login' }, email: str, senha: str }, ['auth', 'email', 'senha']),
    response: ok({ message: str, data: ref('Account'), dados: ref('AccountDados') }),
  },
  {
    name: 'pairDevice',
    seed: 'E3',
    path: '/api/v2/qrcode',
    summary: 'Create (or re-pair) a device: a QR code, or a pairing code with `phone`',
    request: body({ authkey: str, setAppkey: str, phone: str, webhook: str }, ['authkey']),
    response: ok({ message: str, appkey: str, qrcode: str, code: str }, ['qrcode', 'code']),
  },
  {
    name: 'postStory',
    seed: 'E4',
    path: CM,
    summary: 'Post a status (story): `story` = true',
    request: body({ ...keys, story: flag, message: str, file: str, backgroundColor: str }, [
      'appkey',
      'authkey',
      'story',
    ]),
    response: ok({ message: str, data: object({ id: str }) }),
  },
  {
    name: 'sendCarousel',
    seed: 'E5',
    path: CM,
    summary: 'Send a carousel of 1–10 cards',
    request: body({ ...keys, to: str, message: str, cards: { type: ['array', 'string'] } }, [
      ...sendKeys,
      'message',
      'cards',
    ]),
    response: ref('Sent'),
  },
  {
    name: 'sendButtons',
    seed: 'E6',
    path: CM,
    summary: 'Send a message with 1–10 buttons',
    request: body({ ...keys, to: str, message: str, buttons: { type: ['array', 'string'] } }, [
      ...sendKeys,
      'message',
      'buttons',
    ]),
    response: ref('Sent'),
  },
  {
    name: 'sendLocation',
    seed: 'E7',
    path: CM,
    summary: 'Send a location',
    request: body(
      {
        ...keys,
        to: str,
        latitude: { type: ['number', 'string'] },
        longitude: { type: ['number', 'string'] },
        message: str,
      },
      [...sendKeys, 'latitude', 'longitude'],
    ),
    response: ref('Sent'),
  },
  {
    name: 'sendPoll',
    seed: 'E8',
    path: CM,
    summary: 'Send a poll of 2–12 options (the device must be connected)',
    request: body({ ...keys, to: str, message: str, opcoes: { type: ['array', 'string'] }, multiplaEscolha: flag }, [
      ...sendKeys,
      'message',
      'opcoes',
    ]),
    response: ref('Sent'),
  },
  {
    name: 'sendReaction',
    seed: 'E9',
    path: CM,
    summary: 'React to a message with an emoji, or `remove`',
    request: body({ ...keys, to: str, message: str, id: str, reactionMessage: flag }, [
      ...sendKeys,
      'message',
      'id',
      'reactionMessage',
    ]),
    response: ref('Sent'),
  },
  {
    name: 'sendTemplate',
    seed: 'E10',
    path: CM,
    summary: 'Send a template with its variables filled in',
    request: body({ ...keys, to: str, template_id: str, variables: { type: ['object', 'array', 'string'] } }, [
      ...sendKeys,
      'template_id',
      'variables',
    ]),
    response: ref('Sent'),
  },
  {
    name: 'scheduleMessage',
    seed: 'E11',
    path: CM,
    summary: "Schedule a message (`agendamento` = `YYYY-MM-DD HH:MM:SS` in the emulator's zone)",
    request: body(
      { ...keys, to: { type: ['string', 'array'] }, message: str, agendamento: str, file: str, nomearquivo: str },
      [...sendKeys, 'message', 'agendamento'],
    ),
    response: ok({
      message: str,
      agendamento_id: str,
      id: { ...str, description: 'Extension: the same value as `agendamento_id`' },
    }),
  },
  {
    name: 'sendText',
    seed: 'E12',
    path: CM,
    summary: 'Send a text (a body that selects no other operation)',
    request: body({ ...keys, to: str, message: str }, [...sendKeys, 'message']),
    response: ref('Sent'),
  },
  {
    name: 'verifyOtp',
    seed: 'E13',
    path: CM,
    summary: 'Check an OTP code (`message` = false)',
    request: body({ ...keys, to: str, message: flag, verificarOTP: { type: ['string', 'integer'] } }, [
      ...sendKeys,
      'message',
      'verificarOTP',
    ]),
    response: ok({ message: str, valid: { const: true } }),
  },
  {
    name: 'groupInfo',
    seed: 'E14',
    path: '/api/groups',
    summary: "A group's details by id, invite link or invite code",
    request: body({ ...keys, message: flag, infoConvite: str }, ['appkey', 'authkey', 'message', 'infoConvite']),
    response: ok({
      message: str,
      grupo: object({
        id: str,
        titulo: str,
        descricao: str,
        participantes: { type: 'array', items: object({ id: str, admin: bool }) },
      }),
    }),
  },
  {
    name: 'renameGroup',
    seed: 'E15',
    path: '/api/groups',
    summary: "Change a group's title (`tituloGrupo` = true)",
    request: body({ ...keys, message: str, tituloGrupo: flag, grupo: str }, [
      'appkey',
      'authkey',
      'message',
      'tituloGrupo',
      'grupo',
    ]),
    response: ref('Message'),
  },
  {
    name: 'groupInvite',
    seed: 'E16',
    path: '/api/groups',
    summary: "A group's invite link",
    request: body({ ...keys, message: flag, obterConvite: str }, ['appkey', 'authkey', 'message', 'obterConvite']),
    response: ok({ message: str, convite: str }),
  },
  {
    name: 'userStatus',
    seed: 'E17',
    path: '/api/settings',
    summary: 'Whether a number is online (`obterStatus` = true)',
    request: body({ ...keys, message: flag, to: str, obterStatus: flag }, ['appkey', 'authkey', 'to', 'obterStatus']),
    response: ok({ message: str, userStatus: { enum: ['online', 'offline'] } }),
  },
  {
    name: 'renameDevice',
    seed: 'E18',
    path: '/api/settings',
    summary: "Rename the appkey's device (`altereNome` = true)",
    request: body({ ...keys, message: str, altereNome: flag }, ['appkey', 'authkey', 'message', 'altereNome']),
    response: ref('Message'),
  },
  {
    name: 'switchWebhook',
    seed: 'E19',
    path: '/api/settings',
    summary: 'Switch chat or group webhook events on or off',
    request: body({ ...keys, message: str, type: { enum: ['chat', 'grupo'] }, statusWebhook: flag }, [
      'appkey',
      'authkey',
      'message',
      'type',
      'statusWebhook',
    ]),
    response: ref('Message'),
  },
  {
    name: 'deleteDevice',
    seed: 'E20',
    path: '/api/developer',
    summary: 'Delete a device and everything of it (`apagarDispositivo` = true)',
    request: body({ authkey: str, message: str, apagarDispositivo: flag }, ['authkey', 'message', 'apagarDispositivo']),
    response: ref('Message'),
  },
  {
    name: 'listDevices',
    seed: 'E21',
    path: '/api/developer',
    summary: "The account's devices (`dispositivos` = true, `message` = false)",
    request: body({ authkey: str, message: flag, dispositivos: flag }, ['authkey', 'message', 'dispositivos']),
    response: ok({ dispositivos: { type: 'array', items: { allOf: [ref('Device'), object({ authkey: str })] } } }),
  },
  {
    name: 'checkDevice',
    seed: 'E22',
    path: '/api/developer',
    summary: 'One device and whether it is connected (`checkDispositivo` = true)',
    request: body({ authkey: str, message: str, checkDispositivo: flag }, ['authkey', 'message', 'checkDispositivo']),
    response: ok({ dispositivo: { allOf: [ref('Device'), object({ conectado: bool })] } }),
  },
  ...EXTENSION_OPERATIONS,
];

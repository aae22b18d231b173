import { CONTACT } from './fixtures.js';

/** What a valid body of each operation needs besides the caller's keys. */
export interface OperationContext {
  deviceId: string;
  deviceName: string;
  groupId: string;
  templateId: string;
  messageId: string;
}

export interface Operation {
  name: string;
  path: string;
  /** Whether the operation takes an appkey (postStory to switchWebhook). */
  usesAppkey: boolean;
  /** A complete, valid body without the keys. */
  body(ctx: OperationContext): Record<string, unknown>;
  /** Required fields whose absence leaves the operation recognisable (flags select it, so they are not listed). */
  required: string[];
}

const CM = '/api/create-message';

/** Every operation of the reference that takes an appkey, with a valid body: postStory to switchWebhook. */
export const APPKEY_OPERATIONS: Operation[] = [
  { name: 'postStory', path: CM, usesAppkey: true, required: [], body: () => ({ story: true, message: 'status' }) },
  {
    name: 'sendCarousel',
    path: CM,
    usesAppkey: true,
    required: ['to', 'message'],
    body: () => ({
      to: CONTACT,
      message: 'cards',
      cards: [
        {
          image_url: 'https://exemplo.com.br/a.jpg',
          title: 'T',
          subtitle: 'S',
          description: 'D',
          buttons: [{ type: 'quickReplyButton', displaytext: 'Ok', id: 'ok' }],
        },
      ],
    }),
  },
  {
    name: 'sendButtons',
    path: CM,
    usesAppkey: true,
    required: ['to', 'message'],
    body: () => ({ to: CONTACT, message: 'botões', buttons: [{ type: 'replyButton', displaytext: 'Sim' }] }),
  },
  {
    name: 'sendLocation',
    path: CM,
    usesAppkey: true,
    required: ['to', 'latitude', 'longitude'],
    body: () => ({ to: CONTACT, latitude: '-23.55', longitude: '-46.63' }),
  },
  {
    name: 'sendPoll',
    path: CM,
    usesAppkey: true,
    required: ['to', 'message'],
    body: () => ({ to: CONTACT, message: 'Pergunta?', opcoes: ['A', 'B'] }),
  },
  {
    name: 'sendReaction',
    path: CM,
    usesAppkey: true,
    required: ['to', 'message', 'id'],
    body: (ctx) => ({ to: CONTACT, message: '👍', id: ctx.messageId, reactionMessage: true }),
  },
  {
    name: 'sendTemplate',
    path: CM,
    usesAppkey: true,
    required: ['to', 'variables'],
    body: (ctx) => ({ to: CONTACT, template_id: ctx.templateId, variables: { nome: 'Ana' } }),
  },
  {
    name: 'scheduleMessage',
    path: CM,
    usesAppkey: true,
    required: ['to', 'message'],
    body: () => ({ to: CONTACT, message: 'depois', agendamento: '2099-01-01 10:00:00' }),
  },
  {
    name: 'sendText',
    path: CM,
    usesAppkey: true,
    required: ['to', 'message'],
    body: () => ({ to: CONTACT, message: 'oi' }),
  },
  {
    name: 'verifyOtp',
    path: CM,
    usesAppkey: true,
    required: ['to', 'message'],
    body: () => ({ to: CONTACT, message: false, verificarOTP: '123456' }),
  },
  {
    name: 'groupInfo',
    path: '/api/groups',
    usesAppkey: true,
    required: ['message'],
    body: (ctx) => ({ message: false, infoConvite: ctx.groupId }),
  },
  {
    name: 'renameGroup',
    path: '/api/groups',
    usesAppkey: true,
    required: ['message', 'to'],
    body: (ctx) => ({ message: 'Título', to: ctx.groupId, tituloGrupo: true }),
  },
  {
    name: 'groupInvite',
    path: '/api/groups',
    usesAppkey: true,
    required: ['message'],
    body: (ctx) => ({ message: false, obterConvite: ctx.groupId }),
  },
  {
    name: 'userStatus',
    path: '/api/settings',
    usesAppkey: true,
    required: ['to', 'message'],
    body: () => ({ to: CONTACT, message: false, obterStatus: true }),
  },
  {
    name: 'renameDevice',
    path: '/api/settings',
    usesAppkey: true,
    required: ['message'],
    body: () => ({ message: 'Nome', altereNome: true }),
  },
  {
    name: 'switchWebhook',
    path: '/api/settings',
    usesAppkey: true,
    required: ['type', 'message'],
    body: (ctx) => ({ type: 'chat', message: ctx.deviceId, statusWebhook: true }),
  },
];

/** The developer operations, which take only the authkey: deleteDevice, listDevices, checkDevice. */
export const DEVELOPER_OPERATIONS: Operation[] = [
  {
    name: 'deleteDevice',
    path: '/api/developer',
    usesAppkey: false,
    required: ['message'],
    body: () => ({ message: 'nao-existe', apagarDispositivo: true }),
  },
  {
    name: 'listDevices',
    path: '/api/developer',
    usesAppkey: false,
    required: ['message'],
    body: () => ({ message: false, dispositivos: true }),
  },
  {
    name: 'checkDevice',
    path: '/api/developer',
    usesAppkey: false,
    required: ['message'],
    body: (ctx) => ({ message: ctx.deviceName, checkDispositivo: true }),
  },
];

/** One row per (operation, required field) pair, including the keys themselves. */
export function missingFieldRows(operations: Operation[]): Array<[string, string, Operation]> {
  return operations.flatMap((op) => {
    const keys = op.usesAppkey ? ['appkey', 'authkey'] : ['authkey'];
    return [...keys, ...op.required].map((field): [string, string, Operation] => [op.name, field, op]);
  });
}

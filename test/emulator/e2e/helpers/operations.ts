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
  /** Whether the operation takes an appkey (E4–E19). */
  usesAppkey: boolean;
  /** A complete, valid body without the keys. */
  body(ctx: OperationContext): Record<string, unknown>;
  /** Required fields whose absence leaves the operation recognisable (flags select it, so they are not listed). */
  required: string[];
}

const CM = '/api/create-message';

/** Every appkey operation of the seed with a valid body: E4 to E19. */
export const APPKEY_OPERATIONS: Operation[] = [
  { name: 'E4 story', path: CM, usesAppkey: true, required: [], body: () => ({ story: true, message: 'status' }) },
  {
    name: 'E5 carousel',
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
    name: 'E6 buttons',
    path: CM,
    usesAppkey: true,
    required: ['to', 'message'],
    body: () => ({ to: CONTACT, message: 'botões', buttons: [{ type: 'replyButton', displaytext: 'Sim' }] }),
  },
  {
    name: 'E7 location',
    path: CM,
    usesAppkey: true,
    required: ['to', 'latitude', 'longitude'],
    body: () => ({ to: CONTACT, latitude: '-23.55', longitude: '-46.63' }),
  },
  {
    name: 'E8 poll',
    path: CM,
    usesAppkey: true,
    required: ['to', 'message'],
    body: () => ({ to: CONTACT, message: 'Pergunta?', opcoes: ['A', 'B'] }),
  },
  {
    name: 'E9 reaction',
    path: CM,
    usesAppkey: true,
    required: ['to', 'message', 'id'],
    body: (ctx) => ({ to: CONTACT, message: '👍', id: ctx.messageId, reactionMessage: true }),
  },
  {
    name: 'E10 template',
    path: CM,
    usesAppkey: true,
    required: ['to', 'variables'],
    body: (ctx) => ({ to: CONTACT, template_id: ctx.templateId, variables: { nome: 'Ana' } }),
  },
  {
    name: 'E11 schedule',
    path: CM,
    usesAppkey: true,
    required: ['to', 'message'],
    body: () => ({ to: CONTACT, message: 'depois', agendamento: '2099-01-01 10:00:00' }),
  },
  {
    name: 'E12 text',
    path: CM,
    usesAppkey: true,
    required: ['to', 'message'],
    body: () => ({ to: CONTACT, message: 'oi' }),
  },
  {
    name: 'E13 verify OTP',
    path: CM,
    usesAppkey: true,
    required: ['to', 'message'],
    body: () => ({ to: CONTACT, message: false, verificarOTP: '123456' }),
  },
  {
    name: 'E14 group info',
    path: '/api/groups',
    usesAppkey: true,
    required: ['message'],
    body: (ctx) => ({ message: false, infoConvite: ctx.groupId }),
  },
  {
    name: 'E15 group title',
    path: '/api/groups',
    usesAppkey: true,
    required: ['message', 'to'],
    body: (ctx) => ({ message: 'Título', to: ctx.groupId, tituloGrupo: true }),
  },
  {
    name: 'E16 group invite',
    path: '/api/groups',
    usesAppkey: true,
    required: ['message'],
    body: (ctx) => ({ message: false, obterConvite: ctx.groupId }),
  },
  {
    name: 'E17 user status',
    path: '/api/settings',
    usesAppkey: true,
    required: ['to', 'message'],
    body: () => ({ to: CONTACT, message: false, obterStatus: true }),
  },
  {
    name: 'E18 change name',
    path: '/api/settings',
    usesAppkey: true,
    required: ['message'],
    body: () => ({ message: 'Nome', altereNome: true }),
  },
  {
    name: 'E19 webhook switch',
    path: '/api/settings',
    usesAppkey: true,
    required: ['type', 'message'],
    body: (ctx) => ({ type: 'chat', message: ctx.deviceId, statusWebhook: true }),
  },
];

/** The developer operations, which take only the authkey: E20 to E22. */
export const DEVELOPER_OPERATIONS: Operation[] = [
  {
    name: 'E20 delete device',
    path: '/api/developer',
    usesAppkey: false,
    required: ['message'],
    body: () => ({ message: 'nao-existe', apagarDispositivo: true }),
  },
  {
    name: 'E21 list devices',
    path: '/api/developer',
    usesAppkey: false,
    required: ['message'],
    body: () => ({ message: false, dispositivos: true }),
  },
  {
    name: 'E22 device status',
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

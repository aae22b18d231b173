// OpenAPI entries of /api/settings: the device's settings, its contacts, and the pictures `obterImagem` points to.
import {
  body,
  fields,
  object,
  ok,
  ref,
  str,
  type OperationDoc,
  type RouteDoc,
  type Schema,
} from '../../openapi/schemas.js';

const { flag, keys } = fields;
const digits = (suffix: string): Schema => ({ type: 'string', pattern: `^\\d+${suffix}$` });

export const SETTINGS_OPERATIONS = {
  userStatus: {
    summary: 'Whether a number is online (`obterStatus` = true)',
    request: body({ ...keys, message: flag, to: str, obterStatus: flag }, ['appkey', 'authkey', 'to', 'obterStatus']),
    response: ok({ message: str, userStatus: { enum: ['online', 'offline'] } }),
  },
  renameDevice: {
    summary: "Rename the appkey's device (`altereNome` = true)",
    request: body({ ...keys, message: str, altereNome: flag }, ['appkey', 'authkey', 'message', 'altereNome']),
    response: ref('Message'),
  },
  switchWebhook: {
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
  editAbout: {
    summary: 'Change the device\'s "about" text (`editeStatus` = true)',
    request: body({ ...keys, message: { type: 'string', minLength: 1, maxLength: 139 }, editeStatus: flag }, [
      'appkey',
      'authkey',
      'message',
      'editeStatus',
    ]),
    response: ref('Message'),
  },
  profilePicture: {
    summary: "A number's or group's profile picture URL (`obterImagem` = true)",
    request: body({ ...keys, to: str, obterImagem: flag }, ['appkey', 'authkey', 'to', 'obterImagem']),
    response: ok({ message: str, imagem: { type: 'string', pattern: '/foto/[^/]+\\.svg$' } }),
  },
  deleteConversation: {
    summary: 'Forget what a contact (or `todos`) wrote to the device (`deleteConversaFluxo` = true)',
    request: body({ ...keys, to: { ...str, description: 'A number, or `todos`' }, deleteConversaFluxo: flag }, [
      'appkey',
      'authkey',
      'to',
      'deleteConversaFluxo',
    ]),
    response: ref('Message'),
  },
  checkNumber: {
    summary: 'Whether a number is on the network (`checkDevice` = the number)',
    request: body({ ...keys, checkDevice: { ...str, description: 'A phone number' } }, [
      'appkey',
      'authkey',
      'checkDevice',
    ]),
    response: ok({
      message: {
        oneOf: [
          object({ exists: { const: true }, jid: digits('@s\\.whatsapp\\.net') }),
          object({ exists: { const: false }, jid: { type: 'null' } }),
        ],
      },
    }),
  },
} satisfies Record<string, OperationDoc>;

export const SETTINGS_ROUTES = {
  pictureImage: {
    summary: 'The placeholder profile picture `obterImagem` points to',
    page: 'image/svg+xml',
    response: { type: 'string' },
  },
} satisfies Record<string, RouteDoc>;

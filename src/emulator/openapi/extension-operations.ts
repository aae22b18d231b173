// The live service's POST operations beyond the seed (docs/emulator.md, "Extensions"), one entry each.
import type { OperationDoc } from './operations.js';
import { body, fields, object, ok, ref, str, type Schema } from './schemas.js';

const { flag, keys } = fields;
const CM = '/api/create-message';
const digits = (suffix: string): Schema => ({ type: 'string', pattern: `^\\d+${suffix}$` });
const dataUrl: Schema = { type: 'string', pattern: '^data:image/png;base64,' };

export const EXTENSION_OPERATIONS: readonly OperationDoc[] = [
  {
    name: 'sendMedia',
    seed: 'extension',
    path: CM,
    summary: 'Send a file: `file` = an http(s) URL or base64 data (a `data:…;base64,` prefix allowed)',
    request: body(
      {
        ...keys,
        to: str,
        file: str,
        message: { ...str, description: "The file's name (or `nomearquivo`)" },
        nomearquivo: str,
        descricao: { ...str, description: 'Caption' },
        format: { ...str, description: 'Extension that picks the media kind' },
      },
      ['appkey', 'authkey', 'to', 'file'],
    ),
    response: ref('Sent'),
  },
  {
    name: 'sendReply',
    seed: 'extension',
    path: CM,
    summary: 'Reply quoting an earlier message (`idMensagem`)',
    request: body(
      {
        ...keys,
        to: str,
        message: str,
        idMensagem: str,
        respostaMensagem: { ...str, description: 'The quoted text' },
        tipoMensagem: {
          enum: [
            'conversation',
            'extendedTextMessage',
            'imageMessage',
            'videoMessage',
            'documentMessage',
            'pollCreationUpdate',
          ],
          default: 'conversation',
        },
        tipo: {
          type: 'string',
          description: 'Who wrote the quoted message: `chat` or `me`, any case',
          default: 'chat',
        },
        thumbnail: str,
      },
      ['appkey', 'authkey', 'to', 'message', 'idMensagem'],
    ),
    response: ref('Sent'),
  },
  {
    name: 'cancelSchedule',
    seed: 'extension',
    path: CM,
    summary: 'Cancel a pending schedule (`cancelarAgendamento` = true, `message` = its id)',
    request: body({ ...keys, message: str, cancelarAgendamento: flag }, [
      'appkey',
      'authkey',
      'message',
      'cancelarAgendamento',
    ]),
    response: ok({ message: str, id: { ...str, description: "The cancelled schedule's id" } }),
  },
  {
    name: 'connectQr',
    seed: 'extension',
    path: '/api/developer',
    summary: 'A fresh QR for a device that is not connected, created when the name is new (`conecteQR` = true)',
    request: body(
      { authkey: str, message: { ...str, description: 'Device id, appkey or name' }, conecteQR: flag, webhook: str },
      ['authkey', 'message', 'conecteQR'],
    ),
    response: ok({ message: object({ qr: dataUrl, id: str }) }),
  },
  {
    name: 'disconnectDevice',
    seed: 'extension',
    path: '/api/developer',
    summary: 'Disconnect a device; it stays (`desconectar` = true)',
    request: body({ authkey: str, message: { ...str, description: 'Device id, appkey or name' }, desconectar: flag }, [
      'authkey',
      'message',
      'desconectar',
    ]),
    response: ref('Message'),
  },
  {
    name: 'createApp',
    seed: 'extension',
    path: '/api/developer',
    summary: 'A second appkey for a device (`criarApp` = device id, appkey or name)',
    request: body({ authkey: str, message: { ...str, description: "The app's name" }, criarApp: str }, [
      'authkey',
      'message',
      'criarApp',
    ]),
    response: ok({ message: str, appkey: str, dispositivo: str }),
  },
  {
    name: 'pairingLink',
    seed: 'extension',
    path: '/api/developer',
    summary: "A link to a page showing the device's QR (`GerenciarLinks` = `conectar`)",
    request: {
      ...body(
        {
          authkey: str,
          GerenciarLinks: { const: 'conectar' },
          appkey: { ...str, description: "The device's appkey or name" },
          message: str,
        },
        ['authkey', 'GerenciarLinks'],
      ),
      anyOf: [{ required: ['appkey'] }, { required: ['message'] }],
    },
    response: ok({
      message: { ...str, description: 'The link' },
      link: { type: 'string', pattern: '/conectar/[^/]+$' },
    }),
  },
  {
    name: 'editAbout',
    seed: 'extension',
    path: '/api/settings',
    summary: 'Change the device\'s "about" text (`editeStatus` = true)',
    request: body({ ...keys, message: { type: 'string', minLength: 1, maxLength: 139 }, editeStatus: flag }, [
      'appkey',
      'authkey',
      'message',
      'editeStatus',
    ]),
    response: ref('Message'),
  },
  {
    name: 'profilePicture',
    seed: 'extension',
    path: '/api/settings',
    summary: "A number's or group's profile picture URL (`obterImagem` = true)",
    request: body({ ...keys, to: str, obterImagem: flag }, ['appkey', 'authkey', 'to', 'obterImagem']),
    response: ok({ message: str, imagem: { type: 'string', pattern: '/foto/[^/]+\\.svg$' } }),
  },
  {
    name: 'deleteConversation',
    seed: 'extension',
    path: '/api/settings',
    summary: 'Forget what a contact (or `todos`) wrote to the device (`deleteConversaFluxo` = true)',
    request: body({ ...keys, to: { ...str, description: 'A number, or `todos`' }, deleteConversaFluxo: flag }, [
      'appkey',
      'authkey',
      'to',
      'deleteConversaFluxo',
    ]),
    response: ref('Message'),
  },
  {
    name: 'checkNumber',
    seed: 'extension',
    path: '/api/settings',
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
];

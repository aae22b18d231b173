// OpenAPI entries of /api/developer: the account's devices, and the pairing page `GerenciarLinks` links to.
import {
  body,
  bool,
  fields,
  object,
  ok,
  ref,
  str,
  type OperationDoc,
  type RouteDoc,
  type Schema,
} from '../../openapi/schemas.js';

const { flag } = fields;
const dataUrl: Schema = { type: 'string', pattern: '^data:image/png;base64,' };

export const DEVELOPER_OPERATIONS = {
  deleteDevice: {
    summary: 'Delete a device and everything of it (`apagarDispositivo` = true)',
    request: body({ authkey: str, message: str, apagarDispositivo: flag }, ['authkey', 'message', 'apagarDispositivo']),
    response: ref('Message'),
  },
  listDevices: {
    summary: "The account's devices (`dispositivos` = true, `message` = false)",
    request: body({ authkey: str, message: flag, dispositivos: flag }, ['authkey', 'message', 'dispositivos']),
    response: ok({ dispositivos: { type: 'array', items: { allOf: [ref('Device'), object({ authkey: str })] } } }),
  },
  checkDevice: {
    summary: 'One device and whether it is connected (`checkDispositivo` = true)',
    request: body({ authkey: str, message: str, checkDispositivo: flag }, ['authkey', 'message', 'checkDispositivo']),
    response: ok({ dispositivo: { allOf: [ref('Device'), object({ conectado: bool })] } }),
  },
  connectQr: {
    summary: 'A fresh QR for a device that is not connected, created when the name is new (`conecteQR` = true)',
    request: body(
      { authkey: str, message: { ...str, description: 'Device id, appkey or name' }, conecteQR: flag, webhook: str },
      ['authkey', 'message', 'conecteQR'],
    ),
    response: ok({ message: object({ qr: dataUrl, id: str }) }),
  },
  disconnectDevice: {
    summary: 'Disconnect a device; it stays (`desconectar` = true)',
    request: body({ authkey: str, message: { ...str, description: 'Device id, appkey or name' }, desconectar: flag }, [
      'authkey',
      'message',
      'desconectar',
    ]),
    response: ref('Message'),
  },
  createApp: {
    summary: 'A second appkey for a device (`criarApp` = device id, appkey or name)',
    request: body({ authkey: str, message: { ...str, description: "The app's name" }, criarApp: str }, [
      'authkey',
      'message',
      'criarApp',
    ]),
    response: ok({ message: str, appkey: str, dispositivo: str }),
  },
  pairingLink: {
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
} satisfies Record<string, OperationDoc>;

export const DEVELOPER_ROUTES = {
  pairingPage: {
    summary: "The page of a `GerenciarLinks` link: the device's current QR, or that it is connected",
    page: 'text/html; charset=utf-8',
    response: { type: 'string' },
  },
} satisfies Record<string, RouteDoc>;

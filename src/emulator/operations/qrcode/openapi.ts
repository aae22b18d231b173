// OpenAPI entries of /api/v2/qrcode: pairing a device.
import { body, ok, str, type OperationDoc } from '../../openapi/schemas.js';

export const QRCODE_OPERATIONS = {
  pairDevice: {
    summary: 'Create (or re-pair) a device: a QR code, or a pairing code with `phone`',
    request: body({ authkey: str, setAppkey: str, phone: str, webhook: str }, ['authkey']),
    response: ok({ message: str, appkey: str, qrcode: str, code: str }, ['qrcode', 'code']),
  },
} satisfies Record<string, OperationDoc>;

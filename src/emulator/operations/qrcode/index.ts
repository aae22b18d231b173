// /api/v2/qrcode: pairing a device, answered with a QR code or a pairing code.
import { defineArea, reference } from '../area.js';
import { ONLY } from '../selectors.js';
import { QRCODE_OPERATIONS } from './openapi.js';
import { pairDevice } from './pair-device.js';

export const QRCODE = defineArea({
  path: '/api/v2/qrcode',
  operations: {
    pairDevice: { provenance: reference(3), selector: ONLY, run: pairDevice, doc: QRCODE_OPERATIONS.pairDevice },
  },
  precedence: ['pairDevice'],
  routes: [],
});

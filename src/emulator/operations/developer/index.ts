// /api/developer: the account's devices by authkey alone — list, check, delete, connect, disconnect, extra appkeys,
// and the pairing page its links point to.
import { defineArea, EXTENSION, reference } from '../area.js';
import { equals, flagTrue, given } from '../selectors.js';
import { createApp } from './apps.js';
import { connectQr, disconnectDevice, PAIR_LINK_PATH, pairingLink } from './connect.js';
import { checkDevice, deleteDevice, listDevices } from './devices.js';
import { DEVELOPER_OPERATIONS as DOCS, DEVELOPER_ROUTES } from './openapi.js';
import { pairPage } from './pairing-page.js';

export const DEVELOPER = defineArea({
  path: '/api/developer',
  operations: {
    deleteDevice: {
      provenance: reference(20),
      selector: flagTrue('apagarDispositivo'),
      run: deleteDevice,
      doc: DOCS.deleteDevice,
    },
    listDevices: {
      provenance: reference(21),
      selector: flagTrue('dispositivos'),
      run: listDevices,
      doc: DOCS.listDevices,
    },
    checkDevice: {
      provenance: reference(22),
      selector: flagTrue('checkDispositivo'),
      run: checkDevice,
      doc: DOCS.checkDevice,
    },
    connectQr: { provenance: EXTENSION, selector: flagTrue('conecteQR'), run: connectQr, doc: DOCS.connectQr },
    disconnectDevice: {
      provenance: EXTENSION,
      selector: flagTrue('desconectar'),
      run: disconnectDevice,
      doc: DOCS.disconnectDevice,
    },
    createApp: { provenance: EXTENSION, selector: given('criarApp'), run: createApp, doc: DOCS.createApp },
    pairingLink: {
      provenance: EXTENSION,
      selector: equals('GerenciarLinks', 'conectar'),
      run: pairingLink,
      doc: DOCS.pairingLink,
    },
  },
  // Reads win over changes, so an ambiguous request never changes anything by accident.
  precedence: [
    'listDevices',
    'checkDevice',
    'pairingLink',
    'connectQr',
    'createApp',
    'disconnectDevice',
    'deleteDevice',
  ],
  routes: [
    {
      name: 'pairingPage',
      method: 'GET',
      template: `${PAIR_LINK_PATH}{token}`,
      provenance: EXTENSION,
      match: (path) => (path.startsWith(PAIR_LINK_PATH) ? path : undefined),
      run: ({ store, path, ctx }) => pairPage(store, path, ctx),
      doc: DEVELOPER_ROUTES.pairingPage,
    },
  ],
});

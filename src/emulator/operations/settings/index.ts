// /api/settings: the device's own settings (name, "about" text, webhook switches) and what it knows of its contacts
// (online status, whether a number is on the network, profile pictures, forgetting a conversation).
import { defineArea, EXTENSION, reference } from '../area.js';
import { flagTrue, given } from '../selectors.js';
import { checkNumber, deleteConversation, profilePicture, userStatus } from './contacts.js';
import { editAbout, renameDevice, switchWebhook } from './device.js';
import { SETTINGS_OPERATIONS as DOCS, SETTINGS_ROUTES } from './openapi.js';
import { PICTURE_PATH, picturePage } from './picture-page.js';

export const SETTINGS = defineArea({
  path: '/api/settings',
  operations: {
    userStatus: { provenance: reference(17), selector: flagTrue('obterStatus'), run: userStatus, doc: DOCS.userStatus },
    renameDevice: {
      provenance: reference(18),
      selector: flagTrue('altereNome'),
      run: renameDevice,
      doc: DOCS.renameDevice,
    },
    switchWebhook: {
      provenance: reference(19),
      selector: given('statusWebhook'),
      run: switchWebhook,
      doc: DOCS.switchWebhook,
    },
    editAbout: { provenance: EXTENSION, selector: flagTrue('editeStatus'), run: editAbout, doc: DOCS.editAbout },
    profilePicture: {
      provenance: EXTENSION,
      selector: flagTrue('obterImagem'),
      run: profilePicture,
      doc: DOCS.profilePicture,
    },
    deleteConversation: {
      provenance: EXTENSION,
      selector: flagTrue('deleteConversaFluxo'),
      run: deleteConversation,
      doc: DOCS.deleteConversation,
    },
    checkNumber: { provenance: EXTENSION, selector: given('checkDevice'), run: checkNumber, doc: DOCS.checkNumber },
  },
  // Reads win over changes, so an ambiguous request never changes anything by accident.
  precedence: [
    'userStatus',
    'profilePicture',
    'checkNumber',
    'renameDevice',
    'editAbout',
    'switchWebhook',
    'deleteConversation',
  ],
  routes: [
    {
      name: 'pictureImage',
      method: 'GET',
      template: `${PICTURE_PATH}{chat}.svg`,
      provenance: EXTENSION,
      match: (path) => (path.startsWith(PICTURE_PATH) ? path : undefined),
      run: ({ path }) => picturePage(path),
      doc: SETTINGS_ROUTES.pictureImage,
    },
  ],
});

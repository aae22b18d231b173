// /api/groups: the groups of the appkey's device — their details, their invite, their title.
import { defineArea, reference } from '../area.js';
import { flagTrue, given } from '../selectors.js';
import { groupInfo, groupInvite, renameGroup } from './groups.js';
import { GROUPS_OPERATIONS as DOCS } from './openapi.js';

export const GROUPS = defineArea({
  path: '/api/groups',
  operations: {
    groupInfo: { provenance: reference(14), selector: given('infoConvite'), run: groupInfo, doc: DOCS.groupInfo },
    renameGroup: {
      provenance: reference(15),
      selector: flagTrue('tituloGrupo'),
      run: renameGroup,
      doc: DOCS.renameGroup,
    },
    groupInvite: {
      provenance: reference(16),
      selector: given('obterConvite'),
      run: groupInvite,
      doc: DOCS.groupInvite,
    },
  },
  // Reads win over changes, so an ambiguous request never changes anything by accident.
  precedence: ['groupInfo', 'groupInvite', 'renameGroup'],
  routes: [],
});

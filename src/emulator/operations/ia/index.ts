// /api/v2/ia: AI agents — created by POST (the reference's), read by GET and changed by PUT (the real service's).
import { safeDecode } from '../../http/pages.js';
import { defineArea, EXTENSION, reference, type RouteEntry } from '../area.js';
import { ONLY } from '../selectors.js';
import { getAgent, listAgents, updateAgent } from './agent-settings.js';
import { createAgent } from './create-agent.js';
import { IA_OPERATIONS, IA_ROUTES } from './openapi.js';

const PATH = '/api/v2/ia';
const ONE_AGENT = /^\/api\/v2\/ia\/([^/]+)$/;

/** The agent id of `/api/v2/ia/{id}`; an id with a malformed escape names no agent. */
function agentId(path: string): string | undefined {
  const id = ONE_AGENT.exec(path)?.[1];
  return id === undefined ? undefined : (safeDecode(id) ?? '');
}

const ROUTES: readonly RouteEntry[] = [
  {
    name: 'listAgents',
    method: 'GET',
    template: PATH,
    provenance: EXTENSION,
    match: (path) => (path === PATH ? '' : undefined),
    run: async ({ store, ctx, fields }) => listAgents(store, await fields(), ctx),
    doc: IA_ROUTES.listAgents,
  },
  {
    name: 'getAgent',
    method: 'GET',
    template: `${PATH}/{id}`,
    provenance: EXTENSION,
    match: agentId,
    run: async ({ store, ctx, fields, param }) => getAgent(store, await fields(), ctx, param),
    doc: IA_ROUTES.getAgent,
  },
  {
    name: 'updateAgent',
    method: 'PUT',
    template: `${PATH}/{id}`,
    provenance: EXTENSION,
    match: agentId,
    run: async ({ store, ctx, fields, param }) => updateAgent(store, await fields(), ctx, param),
    doc: IA_ROUTES.updateAgent,
  },
];

export const IA = defineArea({
  path: PATH,
  operations: {
    createAgent: { provenance: reference(1), selector: ONLY, run: createAgent, doc: IA_OPERATIONS.createAgent },
  },
  precedence: ['createAgent'],
  routes: ROUTES,
});

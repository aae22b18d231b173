// Routes of the live service beyond the seed's POST operations: agent GET/PUT and the pages links point to.
import type { Ctx } from './context.js';
import { HTTP_ALLOW, type Reply } from './http/reply.js';
import { safeDecode } from './http/pages.js';
import { getAgents, updateAgent } from './operations/agent-settings.js';
import { isPairPagePath, pairPage } from './operations/pair-page.js';
import { PICTURE_PATH, picturePage } from './operations/settings-extensions.js';
import type { IncomingCall } from './http/server.js';
import type { Store } from './store/db.js';

const AGENT_PATH = /^\/api\/v2\/ia(?:\/([^/]+))?$/;

/** The reply of an extension route, or undefined when the call is not one (it goes to the seed's routing). */
export async function extensionRoute(
  store: Store,
  ctx: Ctx,
  call: IncomingCall,
  notAllowed: string,
): Promise<Reply | undefined> {
  if (call.method === 'GET' && isPairPagePath(call.path)) return pairPage(store, call.path, ctx);
  if (call.method === 'GET' && call.path.startsWith(PICTURE_PATH)) return picturePage(call.path);
  const agent = AGENT_PATH.exec(call.path);
  if (!agent) return undefined;
  const id = agent[1] === undefined ? undefined : (safeDecode(agent[1]) ?? '');
  if (call.method === 'GET') return getAgents(store, await call.fields(), ctx, id);
  if (call.method === 'PUT' && id !== undefined) return updateAgent(store, await call.fields(), ctx, id);
  if (id !== undefined) return { status: 405, message: notAllowed, [HTTP_ALLOW]: 'GET, PUT' };
  if (call.method !== 'POST') return { status: 405, message: notAllowed, [HTTP_ALLOW]: 'GET, POST' };
  return undefined;
}

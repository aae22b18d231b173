// createAgent: an AI agent bound to one of the account's devices. What the agent does afterwards is not emulated.
import type { Ctx } from '../context.js';
import { EmulatorError, type Reply } from '../../http/reply.js';
import { BAD_AUTHKEY_AGENT, VALIDATION } from '../../rules/service-errors.js';
import { required, type Fields } from '../../rules/fields.js';
import { newAgentId } from '../../rules/ids.js';
import type { Store } from '../../store/db.js';
import { authenticate } from '../access.js';
import { deviceByReference } from '../access.js';

export function createAgent(store: Store, fields: Fields, ctx: Ctx): Reply {
  const authkey = required(fields, 'authkey');
  const device = required(fields, 'device');
  const agentName = required(fields, 'agent_name');
  if (!authkey || !device || !agentName)
    throw new EmulatorError(400, VALIDATION).because(
      `${['authkey', 'device', 'agent_name'].filter((name) => !required(fields, name)).join(', ')} missing`,
    );
  const account = authenticate(store, authkey, ctx, BAD_AUTHKEY_AGENT);
  const host = deviceByReference(store, account, device);
  const agentId = newAgentId();
  store
    .sql('INSERT INTO agents (id, account_id, device_id, nome, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(agentId, account.id, host.id, agentName, ctx.now());
  return { status: 200, message: 'Agente criado com sucesso.', agent_id: agentId };
}

// agent get: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const getAgentCommand = defineCommand({
  name: 'get',
  description: "Show an AI agent's settings, or list the account's agents without an ID",
  args: [arg('[id]', 'the agent_id `agent create` printed')],
  extension: 'GET /api/v2/ia/{id}',
  examples: ['chatbot agent get', 'chatbot agent get agt_1a2b3c4d5e6f7a8b --json | jq .data.system'],
});

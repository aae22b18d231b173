// agent create: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';

export const createAgentCommand = defineCommand({
  name: 'create',
  description: "Create an AI agent on one of the account's devices; prints its agent_id",
  flags: {
    device: flag.text('id', 'id of the device that hosts the agent (default: the current device)'),
    name: flag.text('name', 'name of the agent'),
  },
  examples: [
    'chatbot agent create --device dev_1a2b3c4d5e6f7a8b --name "Atendente"',
    'chatbot agent create --name Vendas --json',
  ],
});

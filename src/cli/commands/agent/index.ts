// agent create|get|update: AI agents hosted by a device. Each handler is imported only when its command runs.
import { defineGroup, lazy, type Node } from '../../command.js';
import { createAgentCommand } from './create-command.js';
import { getAgentCommand } from './get-command.js';
import { updateAgentCommand } from './update-command.js';

export const agentCommands: Node[] = [
  defineGroup({
    name: 'agent',
    description: 'AI agents hosted by a device',
    commands: [
      lazy(createAgentCommand, () => import('./create.js'), 'createAgent'),
      lazy(getAgentCommand, () => import('./get.js'), 'getAgent'),
      lazy(updateAgentCommand, () => import('./update.js'), 'updateAgent'),
    ],
  }),
];

// flow reset: the chatbot flow's conversations. Its handler is imported only when it runs.
import { defineGroup, lazy, type Node } from '../../command.js';
import { resetFlowCommand } from './reset-command.js';

export const flowCommands: Node[] = [
  defineGroup({
    name: 'flow',
    description: "The chatbot flow's conversations",
    commands: [lazy(resetFlowCommand, () => import('./reset.js'), 'resetFlow')],
  }),
];

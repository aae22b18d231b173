// app create: extra appkeys of a device. Its handler is imported only when it runs.
import { defineGroup, lazy, type Node } from '../../command.js';
import { createAppCommand } from './create-command.js';

export const appCommands: Node[] = [
  defineGroup({
    name: 'app',
    description: 'Apps: extra appkeys of a device',
    commands: [lazy(createAppCommand, () => import('./create.js'), 'createApp')],
  }),
];

// name set: the device's name on the network. Its handler is imported only when it runs.
import { DEVICE_KEY } from '../../shared/phrases.js';
import { defineGroup, lazy, type Node } from '../../command.js';
import { setNameCommand } from './set-command.js';

export const nameCommands: Node[] = [
  defineGroup({
    name: 'name',
    description: `Change the name the device shows on the network (${DEVICE_KEY})`,
    commands: [lazy(setNameCommand, () => import('./set.js'), 'setName')],
  }),
];

// about set: the device's "about" text. Its handler is imported only when it runs.
import { defineGroup, lazy, type Node } from '../../command.js';
import { setAboutCommand } from './set-command.js';

export const aboutCommands: Node[] = [
  defineGroup({
    name: 'about',
    description: 'The device\'s "about" text',
    commands: [lazy(setAboutCommand, () => import('./set.js'), 'setAbout')],
  }),
];

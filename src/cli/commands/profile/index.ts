// profile ls|use|rm. Each handler is imported only when its command runs.
import { defineGroup, lazy, type Node } from '../../command.js';
import { profileListCommand } from './ls-command.js';
import { profileRemoveCommand } from './rm-command.js';
import { profileUseCommand } from './use-command.js';

export const profileCommands: Node[] = [
  defineGroup({
    name: 'profile',
    description: 'List, choose and remove profiles',
    commands: [
      lazy(profileListCommand, () => import('./ls.js'), 'profileList'),
      lazy(profileUseCommand, () => import('./use.js'), 'profileUse'),
      lazy(profileRemoveCommand, () => import('./rm.js'), 'profileRemove'),
    ],
  }),
];

// group info|title|invite: the service's groups. Each handler is imported only when its command runs.
import { defineGroup, lazy, type Node } from '../../command.js';
import { DEVICE_KEY } from '../../shared/phrases.js';
import { groupInfoCommand } from './info-command.js';
import { groupInviteCommand } from './invite-command.js';
import { groupTitleCommand } from './title-command.js';

export const groupCommands: Node[] = [
  defineGroup({
    name: 'group',
    description: `Read a group, change its title, get its invite (${DEVICE_KEY})`,
    commands: [
      lazy(groupInfoCommand, () => import('./info.js'), 'groupInfo'),
      lazy(groupTitleCommand, () => import('./title.js'), 'groupTitle'),
      lazy(groupInviteCommand, () => import('./invite.js'), 'groupInvite'),
    ],
  }),
];

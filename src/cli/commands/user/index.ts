// user status|picture|check: what the network says about a contact. Each handler is imported only when its command
// runs.
import { defineGroup, lazy, type Node } from '../../command.js';
import { DEVICE_KEY } from '../../shared/phrases.js';
import { userCheckCommand } from './check-command.js';
import { userPictureCommand } from './picture-command.js';
import { userStatusCommand } from './status-command.js';

export const userCommands: Node[] = [
  defineGroup({
    name: 'user',
    description: `Read what the network says about a contact: status, picture, whether a number is on it (${DEVICE_KEY})`,
    commands: [
      lazy(userStatusCommand, () => import('./status.js'), 'userStatus'),
      lazy(userPictureCommand, () => import('./picture.js'), 'userPicture'),
      lazy(userCheckCommand, () => import('./check.js'), 'userCheck'),
    ],
  }),
];

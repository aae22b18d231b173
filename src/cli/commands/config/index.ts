// config list|get|set|unset: the active profile's settings. Each handler is imported only when its command runs.
import { defineGroup, lazy, type Node } from '../../command.js';
import { configGetCommand } from './get-command.js';
import { configListCommand } from './list-command.js';
import { configSetCommand } from './set-command.js';
import { SETTING_NAMES } from './setting-names.js';
import { configUnsetCommand } from './unset-command.js';

export const configCommands: Node[] = [
  defineGroup({
    name: 'config',
    description: `Read and change the active profile's settings (${SETTING_NAMES})`,
    commands: [
      lazy(configListCommand, () => import('./list.js'), 'configList'),
      lazy(configGetCommand, () => import('./get.js'), 'configGet'),
      lazy(configSetCommand, () => import('./set.js'), 'configSet'),
      lazy(configUnsetCommand, () => import('./unset.js'), 'configUnset'),
    ],
  }),
];

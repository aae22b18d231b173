// config unset: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';
import { SETTING_NAMES } from './setting-names.js';

export const configUnsetCommand = defineCommand({
  name: 'unset',
  description: 'Remove a setting from the active profile (the default applies again)',
  args: [arg('<key>', SETTING_NAMES)],
  examples: ['chatbot config unset base-url'],
});

// config set: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';
import { SETTING_NAMES } from './setting-names.js';

export const configSetCommand = defineCommand({
  name: 'set',
  description: 'Store a setting in the active profile (created if --profile names a new one)',
  createsProfile: true,
  args: [arg('<key>', SETTING_NAMES), arg('<value>', 'the new value')],
  examples: ['chatbot config set base-url https://api.example.com', 'chatbot config set timezone Europe/Lisbon'],
});

// config get: the definition.
import { defineCommand } from '../../command.js';
import { arg, flag } from '../../flags.js';
import { SETTING_NAMES } from './setting-names.js';

export const configGetCommand = defineCommand({
  name: 'get',
  description: 'Print one setting (keys masked unless --reveal)',
  args: [arg('<key>', SETTING_NAMES)],
  flags: { reveal: flag.on('print a key whole') },
  examples: ['chatbot config get base-url', 'chatbot config get authkey --reveal'],
});

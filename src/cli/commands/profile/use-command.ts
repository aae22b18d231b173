// profile use: the definition.
import { defineCommand } from '../../command.js';
import { arg, flag } from '../../flags.js';

export const profileUseCommand = defineCommand({
  name: 'use',
  description: 'Make a profile the active one; an unknown name is an error unless --create',
  args: [arg('<name>', 'profile name: letters, digits, dot, dash, underscore')],
  flags: { create: flag.on('create the profile if it does not exist yet') },
  examples: ['chatbot profile use staging', 'chatbot profile use --create staging'],
});

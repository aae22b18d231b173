// profile rm: the definition.
import { defineCommand } from '../../command.js';
import { arg, flag } from '../../flags.js';

export const profileRemoveCommand = defineCommand({
  name: 'rm',
  aliases: ['remove'],
  description: 'Delete a profile and its stored keys',
  args: [arg('<name>', 'profile name')],
  flags: { yes: flag.on('do not ask for confirmation (required when not interactive)', { short: 'y' }) },
  examples: ['chatbot profile rm staging --yes'],
});

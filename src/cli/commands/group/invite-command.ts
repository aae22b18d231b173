// group invite: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';
import { GROUP } from './example.js';

export const groupInviteCommand = defineCommand({
  name: 'invite',
  description: 'Print the invite link of a group',
  args: [arg('<id>', `group id, e.g. ${GROUP}`)],
  examples: [`chatbot group invite ${GROUP}`, `link=$(chatbot group invite ${GROUP})`],
});

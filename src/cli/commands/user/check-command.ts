// user check: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const userCheckCommand = defineCommand({
  name: 'check',
  description: 'Tell whether a phone number is on the network: exit 0 when it is, 4 when not',
  args: [arg('<phone>', 'phone number in international format')],
  extension: '/api/settings with `checkDevice`',
  examples: [
    'chatbot user check +5581989769960',
    'chatbot user check +5581989769960 && chatbot send text --to +5581989769960 -m Oi',
  ],
});

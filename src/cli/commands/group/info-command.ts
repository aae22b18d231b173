// group info: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';
import { GROUP } from './example.js';

export const groupInfoCommand = defineCommand({
  name: 'info',
  description: "Show a group's title, description and participants",
  args: [
    arg(
      '<id|invite>',
      `group id (e.g. ${GROUP}), invite link (any http(s) URL, sent as given) or bare invite ` +
        'code (sent as https://chat.whatsapp.com/CODE, the only invite form known)',
    ),
  ],
  examples: [
    `chatbot group info ${GROUP}`,
    'chatbot group info https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv --json',
  ],
});

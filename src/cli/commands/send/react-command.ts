// send react: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { to } from './flags.js';

export const sendReactionCommand = defineCommand({
  name: 'react',
  description: 'React to a message with an emoji, or remove the reaction',
  flags: {
    to,
    id: flag.text('message-id', 'id of the message reacted to'),
    emoji: flag.text('emoji', 'exactly one emoji'),
    remove: flag.on('remove the reaction instead'),
  },
  examples: [
    'chatbot send react --to +5581989769960 --id 3EB0C431D2A1 --emoji 👍',
    'chatbot send react --to +5581989769960 --id 3EB0C431D2A1 --remove',
  ],
});

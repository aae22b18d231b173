// emulator trigger reaction: the definition.
import { defineCommand } from '../../../command.js';
import { flag } from '../../../flags.js';
import { FROM, ORIGIN } from './origin.js';

export const triggerReactionCommand = defineCommand({
  name: 'reaction',
  description: 'A contact reacts to a message',
  flags: {
    ...ORIGIN,
    messageId: flag.text('id', 'id of the message reacted to', { required: true }),
    emoji: flag.text('emoji', 'the reaction emoji, or "remove" to take it back', { required: true }),
  },
  examples: [`chatbot emulator trigger reaction ${FROM} --message-id 3EB0A1B2C3D4E5F6A7B8 --emoji 👍`],
});

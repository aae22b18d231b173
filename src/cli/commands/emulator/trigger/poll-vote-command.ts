// emulator trigger poll-vote: the definition.
import { defineCommand } from '../../../command.js';
import { flag } from '../../../flags.js';
import { FROM, ORIGIN } from './origin.js';

export const triggerPollVoteCommand = defineCommand({
  name: 'poll-vote',
  description: 'A contact votes on a poll the device sent',
  flags: {
    ...ORIGIN,
    messageId: flag.text('id', 'id of the poll message', { required: true }),
    option: flag.many('name', 'an option chosen (repeatable on a multiple-choice poll)', { required: true }),
  },
  examples: [`chatbot emulator trigger poll-vote ${FROM} --message-id 3EB0A1B2C3D4E5F6A7B8 --option Pizza`],
});

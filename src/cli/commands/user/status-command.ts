// user status: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const userStatusCommand = defineCommand({
  name: 'status',
  description: "Show a contact's status as the service reports it",
  args: [arg('<phone>', 'phone number in international format, e.g. +5581989769960')],
  examples: ['chatbot user status +5581989769960', 'chatbot user status 5581989769960 --json'],
});

// emulator fault ls: the definition.
import { defineCommand } from '../../../command.js';

export const faultListCommand = defineCommand({
  name: 'ls',
  aliases: ['list'],
  description: 'List the fault rules with how many requests each has hit',
  examples: ['chatbot emulator fault ls', 'chatbot emulator fault ls --json'],
});

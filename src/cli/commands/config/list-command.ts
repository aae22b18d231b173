// config list: the definition.
import { defineCommand } from '../../command.js';

export const configListCommand = defineCommand({
  name: 'list',
  aliases: ['ls'],
  description: 'Show every setting, where it comes from, keys masked',
  examples: ['chatbot config list', 'chatbot config list --json'],
});

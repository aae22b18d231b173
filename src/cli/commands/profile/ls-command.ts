// profile ls: the definition.
import { defineCommand } from '../../command.js';

export const profileListCommand = defineCommand({
  name: 'ls',
  aliases: ['list'],
  description: 'List profiles; the active one is marked',
  examples: ['chatbot profile ls'],
});

// emulator fault clear: the definition.
import { defineCommand } from '../../../command.js';

export const faultClearCommand = defineCommand({
  name: 'clear',
  description: 'Remove every fault rule',
  examples: ['chatbot emulator fault clear'],
});

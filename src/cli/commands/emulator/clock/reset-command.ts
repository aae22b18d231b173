// emulator clock reset: the definition.
import { defineCommand } from '../../../command.js';

export const clockResetCommand = defineCommand({
  name: 'reset',
  description: "Put the emulator's clock back to real time",
  examples: ['chatbot emulator clock reset'],
});

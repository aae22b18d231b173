// status: the definition.
import { defineCommand } from '../../command.js';

export const statusCommand = defineCommand({
  name: 'status',
  description: 'Show the profile, service address, masked keys, current device and whether the service answers',
  examples: ['chatbot status', 'chatbot status --json'],
});

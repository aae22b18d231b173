// demo: the definition.
import { defineCommand } from '../../command.js';

export const demoCommand = defineCommand({
  name: 'demo',
  description: 'Run the main commands against a throwaway local emulator, printing each command line first',
  examples: ['chatbot demo', 'npm run demo'],
});

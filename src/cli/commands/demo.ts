// chatbot demo: the whole tool against a throwaway emulator, one real command after another.
import { defineCommand, lazy, type Node } from '../command.js';

export const demoCommand = defineCommand({
  name: 'demo',
  description: 'Run the main commands against a throwaway local emulator, printing each command line first',
  examples: ['chatbot demo', 'npm run demo'],
});

export const demoCommands: Node[] = [lazy(demoCommand, () => import('../actions/demo.js'), 'demo')];

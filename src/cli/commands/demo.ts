// chatbot demo: the whole tool against a throwaway emulator, one real command after another.
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { examples, lazyAction } from '../define.js';

export function registerDemo(program: Command, io: CliIo): void {
  examples(
    program
      .command('demo')
      .description('Run the main commands against a throwaway local emulator, printing each command line first')
      .action(lazyAction(io, () => import('../actions/demo.js'), 'demo')),
    ['chatbot demo', 'npm run demo'],
  );
}

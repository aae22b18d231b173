// emulator fault rm: the definition.
import { defineCommand } from '../../../command.js';
import { arg } from '../../../flags.js';

export const faultRemoveCommand = defineCommand({
  name: 'rm',
  aliases: ['remove'],
  description: 'Remove one fault rule',
  args: [arg('<id>', "the rule's id, as `fault add` printed it (flt_1, ...)")],
  examples: ['chatbot emulator fault rm flt_1'],
});

// emulator clock advance: the definition.
import { defineCommand } from '../../../command.js';
import { arg } from '../../../flags.js';
import { durationHelp } from '../../../../duration.js';

export const clockAdvanceCommand = defineCommand({
  name: 'advance',
  description: "Move the emulator's clock forward (due schedules go out at once)",
  args: [arg('<duration>', `how far: ${durationHelp('ms')}`)],
  examples: ['chatbot emulator clock advance 2h', 'chatbot emulator clock advance 1d --json'],
});

// emulator clock set: the definition.
import { defineCommand } from '../../../command.js';
import { arg } from '../../../flags.js';

export const clockSetCommand = defineCommand({
  name: 'set',
  description: "Put the emulator's clock at a time (due schedules go out, OTPs expire)",
  args: [arg('<time>', 'ISO 8601 with its zone, e.g. 2030-01-01T12:00:00Z or 2030-01-01T09:00:00-03:00')],
  examples: ['chatbot emulator clock set 2030-01-01T12:00:00Z'],
});

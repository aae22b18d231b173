// emulator reset: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';

export const emulatorResetCommand = defineCommand({
  name: 'reset',
  description: 'Erase every account, device, group and message in the emulator',
  flags: { yes: flag.on('do not ask for confirmation (required when not interactive)', { short: 'y' }) },
  examples: ['chatbot emulator reset --yes'],
});

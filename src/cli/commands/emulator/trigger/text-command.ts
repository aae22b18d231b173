// emulator trigger text: the definition.
import { defineCommand } from '../../../command.js';
import { flag } from '../../../flags.js';
import { FROM, ORIGIN } from './origin.js';

export const triggerTextCommand = defineCommand({
  name: 'text',
  description: 'A contact sends the device a text',
  flags: { ...ORIGIN, message: flag.text('text', 'what the contact writes', { short: 'm', required: true }) },
  examples: [`chatbot emulator trigger text ${FROM} -m "Oi, tudo bem?"`],
});

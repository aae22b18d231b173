// emulator trigger text: the definition.
import { defineCommand } from '../../../command.js';
import { flag } from '../../../flags.js';
import { FROM, ORIGIN } from './origin.js';

export const triggerTextCommand = defineCommand({
  name: 'text',
  description: 'A contact sends the device a text',
  flags: { ...ORIGIN, text: flag.text('text', 'the text', { required: true }) },
  examples: [`chatbot emulator trigger text ${FROM} --text "Oi, tudo bem?"`],
});

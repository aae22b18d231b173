// about set: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const setAboutCommand = defineCommand({
  name: 'set',
  description: `Change the device's "about" text`,
  args: [arg('<text>', 'the new about text; - reads it from stdin')],
  extension: '/api/settings with `editeStatus`',
  examples: ['chatbot about set "Atendimento de 8h às 18h"'],
});

// emulator template: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';

export const emulatorTemplateCommand = defineCommand({
  name: 'template',
  description: "Create a message template for the account of the profile's authkey",
  flags: { text: flag.text('text', 'template text; {{name}} marks a variable', { required: true }) },
  examples: ['chatbot emulator template --text "Olá {{nome}}, seu pedido {{pedido}} saiu para entrega"'],
});

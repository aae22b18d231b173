// name set: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const setNameCommand = defineCommand({
  name: 'set',
  description: "Change the device's name",
  args: [arg('<new name...>', 'the new name (not empty; several words are joined with spaces)')],
  examples: ['chatbot name set "Loja Centro"', 'chatbot name set Loja Centro --appkey "$APPKEY"'],
});

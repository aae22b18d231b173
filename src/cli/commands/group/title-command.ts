// group title: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';
import { GROUP } from './example.js';

export const groupTitleCommand = defineCommand({
  name: 'title',
  description: "Change a group's title",
  args: [arg('<id>', `group id, e.g. ${GROUP}`), arg('<title>', 'the new title (not empty)')],
  examples: [`chatbot group title ${GROUP} "Clientes VIP"`],
});

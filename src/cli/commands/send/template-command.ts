// send template: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { BATCH, BATCH_HELP, to } from './flags.js';

export const sendTemplateCommand = defineCommand({
  name: 'template',
  description: 'Send a template with its variables filled in, or one per row of a file with --batch',
  flags: {
    to,
    template: flag.text('id', 'template ID'),
    var: flag.many('KEY=VALUE', 'repeat per variable; split at the first = (with --batch: for rows without it)'),
    ...BATCH,
  },
  helpAfter: BATCH_HELP,
  examples: [
    'chatbot send template --to +5581989769960 --template boas-vindas --var nome=Ana --var pedido=1234',
    'chatbot send template --batch pedidos.csv --template boas-vindas   # columns: to,nome,pedido',
  ],
});

// send text: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { BATCH, BATCH_HELP, to } from './flags.js';

export const sendTextCommand = defineCommand({
  name: 'text',
  description: 'Send a text message, or one per row of a file with --batch',
  flags: {
    to,
    message: flag.text('text', 'the text (with --batch: for rows without one); - reads it from stdin', { short: 'm' }),
    ...BATCH,
  },
  helpAfter: BATCH_HELP,
  examples: [
    'chatbot send text --to +5581989769960 --message "Olá!"',
    'echo "Relatório pronto" | chatbot send text --to +5581989769960 --message -',
    'chatbot send text --batch clientes.csv --concurrency 8 --rate 20',
    'chatbot send text --batch clientes.csv --resume',
  ],
});

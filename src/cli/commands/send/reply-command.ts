// send reply: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { TO } from './flags.js';

export const QUOTED_KINDS = ['conversation', 'image', 'video', 'document', 'poll'] as const;

export const sendReplyCommand = defineCommand({
  name: 'reply',
  description: 'Reply to a message, quoting it',
  flags: {
    to: flag.text('recipient', TO),
    id: flag.text('message-id', 'id of the message replied to (idMessagem of its event, or idMensagem of a send)'),
    message: flag.text('text', 'the reply; - reads it from stdin', { short: 'm' }),
    quote: flag.text('text', 'text of the quoted message, shown above the reply'),
    kind: flag.oneOf('kind', 'what the quoted message is', QUOTED_KINDS, {}),
  },
  extension: '/api/create-message with `idMensagem`',
  examples: [
    'chatbot send reply --to +5581989769960 --id 3EB0ABCDEF0123456789 --message "Claro!" --quote "Pode me ajudar?"',
    'chatbot send reply --to +5581989769960 --id 3EB0ABCDEF0123456789 --kind image --message "Linda foto"',
  ],
});

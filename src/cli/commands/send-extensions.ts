// send media and send reply: sends of the live service beyond the seed.
import { defineCommand, lazy, type Node } from '../command.js';
import { flag } from '../flags.js';
import { BATCH, TO } from './send-flags.js';

export const QUOTED_KINDS = ['conversation', 'image', 'video', 'document', 'poll'] as const;

export const sendMediaCommand = defineCommand({
  name: 'media',
  description: 'Send an image, video, audio or document by URL, or a local file (sent inline as base64)',
  flags: {
    to: flag.text('recipient', TO),
    file: flag.text('url|path', 'http(s) URL of the file, or the path of a local file (at most 700 KiB)'),
    caption: flag.text('text', 'caption shown with the media'),
    filename: flag.text('name', "file name the recipient sees (default: the URL's or the path's last part)"),
    ...BATCH,
    batch: flag.text(
      'file',
      'send one media per row of a CSV or NDJSON file (columns to, file, caption, filename); - reads stdin',
    ),
  },
  liveService: '/api/create-message with `file`',
  helpAfter: `
The kind (image, video, audio, document) follows the file name's extension. A local file travels inside the
request as base64, which the service takes up to about 1 MiB: larger files must be put at a URL.

Batch (--batch FILE): one media per row, journalled and resumable as \`send text --batch\` (docs/batch.md).
Columns: to, file (an http(s) URL: local files are not read in a batch), caption (default --caption), filename.
`,
  examples: [
    'chatbot send media --to +5581989769960 --file https://example.com/nota.pdf --caption "Sua nota fiscal"',
    'chatbot send media --to +5581989769960 --file ./foto.jpg --filename vitrine.jpg',
    'chatbot send media --batch notas.csv --caption "Sua nota fiscal" --concurrency 8',
  ],
});

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
  liveService: '/api/create-message with `idMensagem`',
  examples: [
    'chatbot send reply --to +5581989769960 --id 3EB0ABCDEF0123456789 --message "Claro!" --quote "Pode me ajudar?"',
    'chatbot send reply --to +5581989769960 --id 3EB0ABCDEF0123456789 --kind image --message "Linda foto"',
  ],
});

const load = () => import('../actions/send-extensions.js');

export const sendExtensionCommands: Node[] = [
  lazy(sendMediaCommand, load, 'sendMedia'),
  lazy(sendReplyCommand, load, 'sendReply'),
];

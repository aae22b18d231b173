// send media: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { BATCH, TO } from './flags.js';

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
  extension: '/api/create-message with `file`',
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

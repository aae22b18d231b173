// emulator trigger media: the definition.
import { defineCommand } from '../../../command.js';
import { flag } from '../../../flags.js';
import { FROM, ORIGIN } from './origin.js';

const MEDIA_TYPES = ['image', 'video', 'audio', 'document'] as const;

export const triggerMediaCommand = defineCommand({
  name: 'media',
  description: 'A contact sends the device a file (by URL), with an optional caption',
  flags: {
    ...ORIGIN,
    url: flag.text('url', "the file's http(s) URL", { required: true }),
    caption: flag.text('text', "caption sent with the file (the event's `mensagem`)", { short: 'm' }),
    filename: flag.text('name', "the file's name (default: the URL's last segment)"),
    type: flag.oneOf('kind', 'image, video, audio or document (default: from the file name)', MEDIA_TYPES),
  },
  examples: [
    `chatbot emulator trigger media ${FROM} --url https://example.com/comprovante.pdf -m "Comprovante"`,
    `chatbot emulator trigger media ${FROM} --url https://example.com/f?id=9 --filename foto.jpg --type image`,
  ],
});

// send story: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';

export const postStoryCommand = defineCommand({
  name: 'story',
  aliases: ['status'],
  description: 'Post a status (story): text, or an image or video by URL',
  flags: {
    message: flag.text('text', 'text of a text status, or caption of a media status; - reads stdin', { short: 'm' }),
    file: flag.text('url', 'http(s) URL of an image or video (.mp4, .mov … mean video)'),
    background: flag.text('#RRGGBB', 'background colour of a text status; quote it ("#1E90FF") or leave out the #'),
  },
  examples: [
    'chatbot send story --message "Bom dia!" --background "#1E90FF"',
    'chatbot send story --file https://example.com/promo.mp4 --message "Novidade"',
  ],
});

// send carousel: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { to } from './flags.js';

export const sendCarouselCommand = defineCommand({
  name: 'carousel',
  description: 'Send a carousel of cards, each with an image, texts and buttons',
  flags: {
    to,
    message: flag.text('text', 'text above the cards; - reads stdin', { short: 'm' }),
    cards: flag.text('file', 'JSON array of cards {image_url, title, subtitle?, description?, buttons}; - reads stdin'),
    footer: flag.text('text', 'footer below the carousel'),
  },
  examples: [
    'chatbot send carousel --to +5581989769960 --message "Ofertas" --cards cards.json',
    'cat cards.json | chatbot send carousel --to +5581989769960 --message "Ofertas" --cards -',
  ],
});

// send carousel: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { to } from './flags.js';

/** --help's example of the cards: valid as it stands (test/cli/help.test.ts checks its cards). */
export const CARDS_HELP = `
Cards (--cards FILE): a JSON array; subtitle and description may be left out; each card needs a button:
    [
      {
        "image_url": "https://example.com/pizza.jpg",
        "title": "Pizza grande",
        "subtitle": "R$ 49,90",
        "description": "Qualquer sabor, entrega em 40 min",
        "buttons": [
          { "type": "quickReplyButton", "displaytext": "Quero", "id": "pizza" },
          { "type": "urlButton", "displaytext": "Cardápio", "action": "https://example.com" },
          { "type": "callButton", "displaytext": "Ligar", "action": "+5581989769960" }
        ]
      }
    ]
Button types: quickReplyButton (with an id, sent back when clicked), urlButton (action: an http(s) URL), callButton
(action: a phone number with its country code).
`;

export const sendCarouselCommand = defineCommand({
  name: 'carousel',
  description: 'Send a carousel of cards, each with an image, texts and buttons',
  flags: {
    to,
    message: flag.text('text', 'text above the cards; - reads stdin', { short: 'm' }),
    cards: flag.text('file', 'JSON array of cards {image_url, title, subtitle?, description?, buttons}; - reads stdin'),
    footer: flag.text('text', 'footer below the carousel'),
  },
  helpAfter: CARDS_HELP,
  examples: [
    'chatbot send carousel --to +5581989769960 --message "Ofertas" --cards cards.json',
    'cat cards.json | chatbot send carousel --to +5581989769960 --message "Ofertas" --cards -',
  ],
});

// send buttons: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { to } from './flags.js';

export const sendButtonsCommand = defineCommand({
  name: 'buttons',
  description: 'Send a message with reply, link or call buttons',
  flags: {
    to,
    message: flag.text('text', 'the main text; - reads stdin', { short: 'm' }),
    button: flag.many('TYPE:TEXT[:ACTION]', 'repeat per button: reply:TEXT, url:TEXT:https://…, call:TEXT:+55…'),
    header: flag.text('title', 'header title'),
    footer: flag.text('text', 'footer text'),
  },
  examples: [
    'chatbot send buttons --to +5581989769960 --message "Confirma?" --button reply:Sim --button reply:Não',
    'chatbot send buttons --to +5581989769960 --message "Fale conosco" --button url:Site:https://example.com --button call:Ligar:+5581989769960',
  ],
});

// emulator trigger button: the definition.
import { defineCommand } from '../../../command.js';
import { flag } from '../../../flags.js';
import { FROM, ORIGIN } from './origin.js';

export const triggerButtonCommand = defineCommand({
  name: 'button',
  description: 'A contact clicks a reply button of a message the device sent them',
  flags: {
    ...ORIGIN,
    messageId: flag.text(
      'id',
      'id of the message with the buttons, sent to this contact (default: the latest sent to them with that button)',
    ),
    option: flag.text('id|text', 'the button clicked: its id or its text', { required: true }),
  },
  examples: [
    `chatbot emulator trigger button ${FROM} --option Sim`,
    `chatbot emulator trigger button ${FROM} --message-id 3EB0A1B2C3D4E5F6A7B8 --option Sim`,
  ],
});

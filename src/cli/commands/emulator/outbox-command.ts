// emulator outbox: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { FOR_DEVICE } from './phrases.js';

export const emulatorOutboxCommand = defineCommand({
  name: 'outbox',
  description: `Show the conversation ${FOR_DEVICE}: what it sent and what contacts sent it, oldest first`,
  flags: {
    to: flag.text('phone|group', 'only the chat with this contact or group'),
    follow: flag.on('then keep showing messages as they come, until Ctrl-C (not with --json)', { short: 'f' }),
  },
  examples: [
    'chatbot emulator outbox',
    'chatbot emulator outbox --to +5521998765432 --follow',
    'chatbot emulator outbox --appkey "$APPKEY" --json',
  ],
});

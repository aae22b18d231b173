// webhook: the definition.
import { defineCommand } from '../../command.js';
import { arg, flag } from '../../flags.js';
import { DEVICE_KEY } from '../../shared/phrases.js';

export const webhookCommand = defineCommand({
  name: 'webhook',
  description: `Switch the webhook events of chats or of groups on or off for a device (${DEVICE_KEY})`,
  args: [arg('<state>', 'on or off', ['on', 'off'])],
  flags: {
    type: flag.oneOf('type', 'which events: chat (one-to-one chats) or grupo (groups)', ['chat', 'grupo'], {
      required: true,
    }),
    device: flag.text('id', 'device ID (default: the current device; see `chatbot devices ls`)'),
  },
  examples: ['chatbot webhook off --type chat', 'chatbot webhook on --type grupo --device dev_1a2b3c4d'],
});

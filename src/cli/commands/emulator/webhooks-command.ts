// emulator webhooks: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { FOR_DEVICE } from './phrases.js';

export const emulatorWebhooksCommand = defineCommand({
  name: 'webhooks',
  description: `Show the webhook queue ${FOR_DEVICE}: each event's state, attempts and last error`,
  flags: { state: flag.oneOf('state', 'only the deliveries in this state', ['pending', 'delivered', 'failed']) },
  examples: ['chatbot emulator webhooks', 'chatbot emulator webhooks --state failed --json'],
});

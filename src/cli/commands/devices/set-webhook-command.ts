// devices set-webhook: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const setWebhookCommand = defineCommand({
  name: 'set-webhook',
  description:
    "Point a device's webhook at another URL; the service does it only while the device is not connected (a connected one must be paired again)",
  args: [arg('<id|name>', "the device's id, name or appkey"), arg('<url>', 'the http(s) URL that receives its events')],
  extension: '/api/developer with `conecteQR` and `webhook`',
  examples: [
    'chatbot devices set-webhook loja-centro https://example.com/webhook',
    'chatbot emulator set-webhook loja-centro http://127.0.0.1:3000/webhook   # the emulator: connected or not',
  ],
});

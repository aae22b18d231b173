// emulator set-webhook: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const emulatorSetWebhookCommand = defineCommand({
  name: 'set-webhook',
  description: "Point a device's webhook at another URL without pairing it again; a connected device stays connected",
  args: [
    arg('<device>', "the device's appkey, or the name or id of a device saved in the profile"),
    arg('<url>', 'the http(s) URL that receives its events from now on'),
  ],
  examples: [
    'chatbot emulator set-webhook loja-centro http://127.0.0.1:3000/webhook',
    'chatbot emulator set-webhook loja-centro http://127.0.0.1:8485/   # back to `chatbot listen`',
  ],
});

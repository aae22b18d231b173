// devices link: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const linkDeviceCommand = defineCommand({
  name: 'link',
  description: "Print a shareable link that shows the device's pairing QR code to whoever holds the phone",
  args: [arg('<id|name>', "the device's id, name or appkey")],
  extension: '/api/developer with `GerenciarLinks=conectar`',
  examples: ['chatbot devices link loja-centro', 'chatbot devices link loja-centro --json | jq -r .link'],
});

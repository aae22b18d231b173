// devices disconnect: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const disconnectDeviceCommand = defineCommand({
  name: 'disconnect',
  description: 'Disconnect a device from its phone; it stays in the account and can be paired again',
  args: [arg('<id|name>', "the device's id, name or appkey")],
  extension: '/api/developer with `desconectar`',
  examples: ['chatbot devices disconnect loja-centro', 'chatbot devices disconnect dev_1a2b3c4d5e6f7a8b --json'],
});

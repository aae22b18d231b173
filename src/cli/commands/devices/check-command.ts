// devices check: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const checkDeviceCommand = defineCommand({
  name: 'check',
  description:
    'Show whether a device is connected; a connected device saved in the profile becomes current when none is',
  args: [arg('<id|name>', "the device's id or name")],
  examples: [
    'chatbot devices check loja-centro',
    'chatbot devices check dev_1a2b3c4d5e6f7a8b --json | jq .dispositivo.conectado',
  ],
});

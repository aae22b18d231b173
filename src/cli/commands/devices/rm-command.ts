// devices rm: the definition.
import { defineCommand } from '../../command.js';
import { arg, flag } from '../../flags.js';

export const removeDeviceCommand = defineCommand({
  name: 'rm',
  aliases: ['remove'],
  description: 'Delete a device from the account and forget it in the profile (asks first)',
  args: [arg('<id|name>', "the device's id or name")],
  flags: { yes: flag.on('do not ask for confirmation (required when not interactive)', { short: 'y' }) },
  examples: ['chatbot devices rm loja-centro', 'chatbot devices rm dev_1a2b3c4d5e6f7a8b --yes'],
});

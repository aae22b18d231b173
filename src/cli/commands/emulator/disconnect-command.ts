// emulator disconnect: the definition.
import { defineCommand } from '../../command.js';
import { arg } from '../../flags.js';

export const disconnectCommand = defineCommand({
  name: 'disconnect',
  description: 'Disconnect a device, as if its phone had gone offline',
  args: [arg('<device>', "the device's appkey, or the name or id of a device saved in the profile")],
  examples: ['chatbot emulator disconnect loja-centro'],
});

// emulator connect: the definition.
import { defineCommand } from '../../command.js';
import { arg, flag } from '../../flags.js';

export const emulatorConnectCommand = defineCommand({
  name: 'connect',
  description: 'Complete the pairing of a device, as if its phone had scanned the code',
  args: [arg('<device>', 'the appkey pairing returned, or the name or id of a device saved in the profile')],
  flags: { phone: flag.text('number', 'the phone number the device turns out to have, in international format') },
  examples: ['chatbot emulator connect loja-centro', 'chatbot emulator connect "$APPKEY" --phone +5581989769960'],
});

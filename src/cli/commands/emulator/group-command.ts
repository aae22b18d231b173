// emulator group: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { FOR_DEVICE } from './phrases.js';

export const emulatorGroupCommand = defineCommand({
  name: 'group',
  description: `Create a group ${FOR_DEVICE}; prints its id and invite link`,
  flags: {
    title: flag.text('title', "the group's title", { required: true }),
    description: flag.text('text', "the group's description"),
    participant: flag.many('phone[:admin]', 'a member, with :admin for an administrator (repeatable)'),
  },
  examples: [
    'chatbot emulator group --title "Clientes" --participant +5581989769960:admin --participant +5521998765432',
  ],
});

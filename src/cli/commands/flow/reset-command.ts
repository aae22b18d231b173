// flow reset: the definition.
import { defineCommand } from '../../command.js';
import { arg, flag } from '../../flags.js';

export const resetFlowCommand = defineCommand({
  name: 'reset',
  description: "Restart the chatbot flow's conversation with a contact, or with everyone (--all)",
  args: [arg('[phone]', "the contact's phone number in international format")],
  flags: {
    all: flag.on('every contact of the device'),
    yes: flag.on('with --all: do not ask for confirmation (required when not interactive)', { short: 'y' }),
  },
  extension: '/api/settings with `deleteConversaFluxo`',
  examples: ['chatbot flow reset +5581989769960', 'chatbot flow reset --all --yes'],
});

// devices ls: the definition.
import { defineCommand } from '../../command.js';

export const listDevicesCommand = defineCommand({
  name: 'ls',
  aliases: ['list'],
  description: 'List the devices of the account (* marks the current one); an account without devices lists as empty',
  examples: ['chatbot devices ls', 'chatbot devices ls --json | jq -r ".dispositivos[].id"'],
});

// logout: the definition.
import { defineCommand } from '../../command.js';

export const logoutCommand = defineCommand({
  name: 'logout',
  description: 'Forget the authkey and devices of the active profile (the service keeps them)',
  examples: ['chatbot logout', 'chatbot logout --profile staging'],
});

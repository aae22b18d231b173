// login: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';

export const loginCommand = defineCommand({
  name: 'login',
  description:
    'Save an existing authkey in the active profile after checking it, or log in with --email and password (creates the profile --profile names)',
  createsProfile: true,
  flags: {
    authkeyStdin: flag.on('read the authkey from stdin (otherwise a hidden prompt)'),
    email: flag.text('email', 'log in with this e-mail and a password (hidden prompt or --password-stdin)', {
      extension: '/api/auth with `auth=login`',
    }),
    passwordStdin: flag.on('with --email: read the password from stdin (never a flag)'),
  },
  examples: [
    'chatbot login',
    'echo "$CHATBOT_KEY" | chatbot login --authkey-stdin --profile prod',
    'chatbot login --email ana@example.com',
    'printf "%s" "$PASSWORD" | chatbot login --email ana@example.com --password-stdin',
  ],
});

// register: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';

export const registerCommand = defineCommand({
  name: 'register',
  description: 'Create an account and save its authkey in the active profile (created if --profile names a new one)',
  createsProfile: true,
  flags: {
    name: flag.text('name', 'full name'),
    email: flag.text('email', 'e-mail address (one account per e-mail)'),
    phone: flag.text('number', 'phone number with country code, e.g. +5581989769960'),
    plan: flag.text('id', 'plan ID'),
    passwordStdin: flag.on('read the password from stdin (otherwise a hidden prompt; never a flag)'),
  },
  examples: [
    'chatbot register',
    'printf "%s" "$PASSWORD" | chatbot register --name "Ana Souza" --email ana@example.com --phone +5581989769960 --plan basic --password-stdin',
  ],
});

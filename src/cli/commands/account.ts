// register, login, logout, status.
import { defineCommand, lazy, type Node } from '../command.js';
import { flag } from '../flags.js';

const load = () => import('../actions/account.js');

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

export const loginCommand = defineCommand({
  name: 'login',
  description:
    'Save an existing authkey in the active profile after checking it, or log in with --email and password (creates the profile --profile names)',
  createsProfile: true,
  flags: {
    authkeyStdin: flag.on('read the authkey from stdin (otherwise a hidden prompt)'),
    email: flag.text('email', 'log in with this e-mail and a password (hidden prompt or --password-stdin)', {
      liveService: '/api/auth with `auth=login`',
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

export const logoutCommand = defineCommand({
  name: 'logout',
  description: 'Forget the authkey and devices of the active profile (the service keeps them)',
  examples: ['chatbot logout', 'chatbot logout --profile staging'],
});

export const statusCommand = defineCommand({
  name: 'status',
  description: 'Show the profile, service address, masked keys, current device and whether the service answers',
  examples: ['chatbot status', 'chatbot status --json'],
});

export const accountCommands: Node[] = [
  lazy(registerCommand, load, 'register'),
  lazy(loginCommand, load, 'login'),
  lazy(logoutCommand, load, 'logout'),
  lazy(statusCommand, load, 'status'),
];

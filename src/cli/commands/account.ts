// register, login, logout, status.
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { examples, lazyAction } from '../define.js';

const load = () => import('../actions/account.js');

export function registerAccount(program: Command, io: CliIo): void {
  examples(
    program
      .command('register')
      .description('Create an account and save its authkey in the active profile')
      .option('--name <name>', 'full name')
      .option('--email <email>', 'e-mail address (one account per e-mail)')
      .option('--phone <number>', 'phone number with country code, e.g. +5581989769960')
      .option('--plan <id>', 'plan ID')
      .option('--password-stdin', 'read the password from stdin (otherwise a hidden prompt; never a flag)')
      .action(lazyAction(io, load, 'register')),
    [
      'chatbot register',
      'printf "%s" "$PASSWORD" | chatbot register --name "Ana Souza" --email ana@example.com --phone +5581989769960 --plan basic --password-stdin',
    ],
  );

  examples(
    program
      .command('login')
      .description('Save an existing authkey in the active profile, after checking it with the service')
      .option('--authkey-stdin', 'read the authkey from stdin (otherwise a hidden prompt)')
      .action(lazyAction(io, load, 'login')),
    ['chatbot login', 'echo "$CHATBOT_KEY" | chatbot login --authkey-stdin --profile prod'],
  );

  examples(
    program
      .command('logout')
      .description('Forget the authkey and devices of the active profile (the service keeps them)')
      .action(lazyAction(io, load, 'logout')),
    ['chatbot logout', 'chatbot logout --profile staging'],
  );

  examples(
    program
      .command('status')
      .description('Show the profile, service address, masked keys, current device and whether the service answers')
      .action(lazyAction(io, load, 'status')),
    ['chatbot status', 'chatbot status --json'],
  );
}

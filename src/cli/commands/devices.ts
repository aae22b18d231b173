// devices ls (more device commands join this group).
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { examples, lazyAction } from '../define.js';

const load = () => import('../actions/devices.js');

export function registerDevices(program: Command, io: CliIo): void {
  const devices = program.command('devices').description('List, check and delete the devices of the account');
  examples(
    devices
      .command('ls')
      .alias('list')
      .description('List the devices of the account; an account without devices lists as empty')
      .action(lazyAction(io, load, 'listDevices')),
    ['chatbot devices ls', 'chatbot devices ls --json | jq -r ".dispositivos[].id"'],
  );
}

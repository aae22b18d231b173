// devices ls, check and rm.
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
      .description('List the devices of the account (* marks the current one); an account without devices lists as empty')
      .action(lazyAction(io, load, 'listDevices')),
    ['chatbot devices ls', 'chatbot devices ls --json | jq -r ".dispositivos[].id"'],
  );
  examples(
    devices
      .command('check')
      .description('Show whether a device is connected; a connected device saved in the profile becomes current when none is')
      .argument('<id|name>', 'the device\'s id or name')
      .action(lazyAction(io, () => import('../actions/device-check.js'), 'checkDevice')),
    ['chatbot devices check loja-centro', 'chatbot devices check dev_1a2b3c4d5e6f7a8b --json | jq .dispositivo.conectado'],
  );
  examples(
    devices
      .command('rm')
      .alias('remove')
      .description('Delete a device from the account and forget it in the profile (asks first)')
      .argument('<id|name>', 'the device\'s id or name')
      .option('-y, --yes', 'do not ask for confirmation (required when not interactive)')
      .action(lazyAction(io, () => import('../actions/device-remove.js'), 'removeDevice')),
    ['chatbot devices rm loja-centro', 'chatbot devices rm dev_1a2b3c4d5e6f7a8b --yes'],
  );
}

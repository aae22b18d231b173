// config list|get|set|unset and profile ls|use|rm.
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { examples, lazyAction } from '../define.js';

const load = () => import('../actions/config.js');
const KEYS = 'base-url, authkey, appkey or timezone';

export function registerConfig(program: Command, io: CliIo): void {
  const config = program
    .command('config')
    .description(`Read and change the active profile's settings (${KEYS})`);
  examples(
    config.command('list').alias('ls').description('Show every setting, where it comes from, keys masked')
      .action(lazyAction(io, load, 'configList')),
    ['chatbot config list', 'chatbot config list --json'],
  );
  examples(
    config.command('get').description('Print one setting (keys masked unless --reveal)')
      .argument('<key>', KEYS)
      .option('--reveal', 'print a key whole')
      .action(lazyAction(io, load, 'configGet')),
    ['chatbot config get base-url', 'chatbot config get authkey --reveal'],
  );
  examples(
    config.command('set').description('Store a setting in the active profile')
      .argument('<key>', KEYS)
      .argument('<value>', 'the new value')
      .action(lazyAction(io, load, 'configSet')),
    ['chatbot config set base-url https://api.example.com', 'chatbot config set timezone Europe/Lisbon'],
  );
  examples(
    config.command('unset').description('Remove a setting from the active profile (the default applies again)')
      .argument('<key>', KEYS)
      .action(lazyAction(io, load, 'configUnset')),
    ['chatbot config unset base-url'],
  );

  const profile = program.command('profile').description('List, choose and remove profiles');
  examples(
    profile.command('ls').alias('list').description('List profiles; the active one is marked')
      .action(lazyAction(io, load, 'profileList')),
    ['chatbot profile ls'],
  );
  examples(
    profile.command('use').description('Make a profile the active one (created on first use)')
      .argument('<name>', 'profile name: letters, digits, dot, dash, underscore')
      .action(lazyAction(io, load, 'profileUse')),
    ['chatbot profile use staging'],
  );
  examples(
    profile.command('rm').alias('remove').description('Delete a profile and its stored keys')
      .argument('<name>', 'profile name')
      .option('-y, --yes', 'do not ask for confirmation (required when not interactive)')
      .action(lazyAction(io, load, 'profileRemove')),
    ['chatbot profile rm staging --yes'],
  );
}

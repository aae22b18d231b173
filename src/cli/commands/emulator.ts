// The local emulator of the service.
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { examples, lazyAction, port, seconds } from '../define.js';
import { DEFAULT_EMULATOR_PORT } from '../../defaults.js';

export function registerEmulator(program: Command, io: CliIo): void {
  const emulator = program.command('emulator').description('Run and drive a local emulator of the whole service');
  examples(
    emulator
      .command('start')
      .description('Run the emulator in the foreground until Ctrl-C')
      .option('--port <port>', 'port to listen on (0 = any free port)', port, DEFAULT_EMULATOR_PORT)
      .option('--host <host>', 'address to listen on', '127.0.0.1')
      .option('--db <path>', 'SQLite database file, or :memory: to keep nothing (default: in the user data dir)')
      .option('--tz <zone>', 'time zone of scheduled times (IANA name)', 'America/Sao_Paulo')
      .option('--auto-connect <seconds>', 'devices connect by themselves this long after pairing', seconds)
      .option('-q, --quiet', 'do not log each request')
      .action(lazyAction(io, () => import('../actions/emulator.js'), 'startEmulatorCommand')),
    ['chatbot emulator start', 'chatbot emulator start --port 0 --db :memory: --auto-connect 2'],
  );
}

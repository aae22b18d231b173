// emulator start: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { port, seconds } from '../../flag-parsers.js';
import { durationHelp } from '../../../duration.js';
import { DEFAULT_EMULATOR_PORT } from '../../../defaults.js';

export const emulatorStartCommand = defineCommand({
  name: 'start',
  description: 'Run the emulator in the foreground until Ctrl-C',
  flags: {
    port: flag.parsed('port', 'port to listen on (0 = any free port)', port, { default: DEFAULT_EMULATOR_PORT }),
    host: flag.text(
      'host',
      'address to listen on; beyond loopback the control API needs the token it prints (CHATBOT_EMULATOR_TOKEN)',
      { default: '127.0.0.1' },
    ),
    db: flag.text(
      'file',
      'SQLite database file, created readable by you only, or :memory: to keep nothing (default: in the user data dir)',
    ),
    tz: flag.text('zone', 'time zone of scheduled times (IANA name)', { default: 'America/Sao_Paulo' }),
    autoConnect: flag.parsed(
      'seconds',
      `devices connect by themselves this long after pairing (${durationHelp('seconds')})`,
      seconds,
    ),
    corsOrigin: flag.many(
      'origin',
      'only this origin (e.g. https://painel.exemplo.com) may call from a browser page; default: any (repeatable)',
    ),
    requireConnected: flag.on('every send to a device that is not connected fails with 404 (default: polls only)'),
    quiet: flag.on('do not log each request', { short: 'q' }),
    open: flag.on('open the web console in the browser once it listens'),
  },
  examples: [
    'chatbot emulator start',
    'chatbot emulator start --port 0 --db :memory: --auto-connect 2',
    'chatbot emulator start --cors-origin http://localhost:3000',
    'chatbot emulator start --open',
  ],
});

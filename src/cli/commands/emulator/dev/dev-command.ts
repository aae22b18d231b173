// dev: the definition.
import { DEFAULT_EMULATOR_PORT } from '../../../../defaults.js';
import { defineCommand } from '../../../command.js';
import { port } from '../../../flag-parsers.js';
import { flag } from '../../../flags.js';

export const devCommand = defineCommand({
  name: 'dev',
  description:
    "Everything a bot needs to run against the emulator: the emulator (the running one, or one started here), an account and a connected device whose webhook is your bot, the bot's settings; then the traffic both ways until Ctrl-C",
  flags: {
    webhook: flag.text('url', "your bot's webhook address (default: a built-in receiver that accepts every event)"),
    env: flag.on("print the bot's settings as whole `export` lines on stdout (they are masked otherwise)"),
    port: flag.parsed('port', 'port of the emulator started here when none answers at the base URL', port, {
      default: DEFAULT_EMULATOR_PORT,
    }),
  },
  examples: [
    'chatbot dev --webhook http://127.0.0.1:3000/ --env',
    'chatbot dev   # then, in another terminal: chatbot emulator trigger text --from +5521998765432 -m oi',
  ],
});

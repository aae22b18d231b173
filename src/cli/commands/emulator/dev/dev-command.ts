// dev: the definition.
import { defineCommand } from '../../../command.js';
import { port, seconds } from '../../../flag-parsers.js';
import { arg, flag } from '../../../flags.js';

export const devCommand = defineCommand({
  name: 'dev',
  description:
    "Everything a bot needs to run against the emulator: the emulator (the running one, or one started here), an account and a connected device whose webhook is your bot, the bot's settings; with `-- <command…>` it runs your bot too; then the whole traffic (messages both ways, the bot's requests with why any was refused, webhook deliveries) until Ctrl-C or the bot ends",
  args: [
    arg(
      '[command...]',
      'after `--`: the command that runs your bot, started with CHATBOT_BASE_URL, CHATBOT_AUTHKEY, CHATBOT_APPKEY (and PORT, when --webhook names a port of this machine) in its environment; its output shows here marked `bot |`; dev ends when it ends, with its exit code (128+n when signal n ended it); Ctrl-C stops both (the bot gets SIGTERM, then SIGKILL after 5 s) and exits 130',
    ),
  ],
  flags: {
    webhook: flag.text('url', "your bot's webhook address (default: a built-in receiver that accepts every event)"),
    printEnv: flag.on(
      'set the session up on the emulator answering at the base URL (`chatbot dev` or `chatbot emulator start` in another terminal), print the bot\'s settings as `export` lines alone on stdout, and exit: `eval "$(chatbot dev --print-env)"`; it starts no emulator (one started here would end with it), so with none answering it fails and prints nothing',
    ),
    envFile: flag.text(
      'path',
      "write the bot's settings to this dotenv file (mode 0600), written again whenever they change while dev runs",
    ),
    open: flag.on("open the console's chat with the suggested contact in the browser ($BROWSER, else the system's)"),
    port: flag.parsed(
      'port',
      'port of the emulator started here when none answers at the base URL (default 8484); refused when one answers on another port',
      port,
    ),
    hintAfter: flag.parsed(
      'duration',
      "after the bot answered a contact's message with a success, how long dev waits for a request of it before saying none reached this emulator and where the bot must send, with which keys (default 10s; with --webhook only)",
      seconds,
    ),
  },
  helpAfter:
    'The profile keeps the keys, so the next `chatbot dev` makes the same ones again: a bot configured once (an --env-file, a shell that ran --print-env) goes on working. With --json, the traffic is NDJSON on stdout: one object per line, its `type` one of ready, message, request (with its `status` and `reason`), webhook (with its `httpStatus`), hint, bot, exit. Writing a bot: docs/bot.md.',
  examples: [
    'chatbot dev --webhook http://127.0.0.1:3000/ -- python3 bot.py',
    'chatbot dev --webhook http://127.0.0.1:3000/ --env-file .env --open',
    'eval "$(chatbot dev --print-env)"   # in a second terminal, while `chatbot dev` runs in the first',
    'chatbot dev   # then, in another terminal: chatbot emulator trigger text --from +5521998765432 -m oi',
  ],
});

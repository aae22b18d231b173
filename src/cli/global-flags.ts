// The global options, defined like a command's flags: from this one definition come the root command's commander
// options (so --help and the completions) and the type of `ctx.options` every handler reads.
import { flag, type FlagValues } from './flags.js';
import { seconds } from './flag-parsers.js';
import { durationHelp } from '../duration.js';

export const GLOBAL_FLAGS = {
  json: flag.on('print the result as exactly one JSON document on stdout'),
  jq: flag.text('expression', 'print what this jq filter makes of the --json document (strings raw); implies --json'),
  dryRun: flag.on('print the request that would be sent (keys masked) and send nothing'),
  input: flag.off('never prompt; a missing value is an error naming its flag'),
  color: flag.off('no colours (also NO_COLOR or TERM=dumb)'),
  profile: flag.text('name', 'profile to use (env CHATBOT_PROFILE; default "default")'),
  baseUrl: flag.text('url', 'service address (env CHATBOT_BASE_URL; default http://127.0.0.1:8484)'),
  authkey: flag.text('key', "account key (env CHATBOT_AUTHKEY; default: the profile's)"),
  appkey: flag.text('key', 'device key for messaging (env CHATBOT_APPKEY; default: current device)'),
  timeout: flag.parsed(
    'seconds',
    `how long the whole command may wait for the service, retries included (pair's wait: --wait-timeout; --batch rows, listen forwards: each): ${durationHelp('seconds')}`,
    seconds,
    { default: 30 },
  ),
};

export type GlobalOptions = FlagValues<typeof GLOBAL_FLAGS>;

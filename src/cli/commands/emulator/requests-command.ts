// emulator requests: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { httpStatus } from '../../flag-parsers.js';

export const requestsCommand = defineCommand({
  name: 'requests',
  description: 'List the service requests the emulator received, accepted or rejected (keys masked)',
  flags: {
    device: flag.text('appkey', 'only requests carrying this appkey'),
    path: flag.text('path', 'only requests to this path'),
    status: flag.parsed('code', 'only requests answered with this status', httpStatus),
    since: flag.text('time', 'only requests since this time (ISO 8601)'),
    follow: flag.on('keep printing new requests until Ctrl-C (not with --json)', { short: 'f' }),
  },
  examples: [
    'chatbot emulator requests --status 401',
    'chatbot emulator requests --follow',
    'chatbot emulator requests --device "$APPKEY" --json',
  ],
});

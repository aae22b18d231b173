// listen: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { port } from '../../flag-parsers.js';
import { DEFAULT_LISTEN_PORT, EVENT_KINDS } from '../../../listen/options.js';

export const listenCommand = defineCommand({
  name: 'listen',
  description: 'Receive the webhook events of your devices and print them as they arrive; forward them to your app',
  flags: {
    port: flag.parsed('port', 'port to listen on (0 = any free port; the real one is printed)', port, {
      default: DEFAULT_LISTEN_PORT,
    }),
    host: flag.text('host', 'address to listen on (0.0.0.0 = every interface)', { default: '127.0.0.1' }),
    path: flag.text('path', 'accept POSTs only on this path (others get 404)', { default: '/' }),
    forwardTo: flag.text('url', 're-POST each event unchanged to this URL, retrying failures with backoff'),
    events: flag.text('kinds', `only these event kinds, comma-separated: ${EVENT_KINDS.join(', ')}`),
  },
  helpAfter: '\nWith --json, prints each event as one line of JSON (NDJSON), exactly as received.\n',
  examples: [
    'chatbot listen',
    'chatbot listen --port 0 --forward-to http://localhost:3000/webhook',
    'chatbot listen --events text,poll_vote --json | jq .mensagem',
  ],
});

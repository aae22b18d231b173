// listen: a local receiver for the service's webhook events, with optional forwarding to your app.
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { examples, lazyAction, port } from '../define.js';
import { DEFAULT_LISTEN_PORT, EVENT_KINDS } from '../../listen/options.js';

export function registerListen(program: Command, io: CliIo): void {
  examples(
    program
      .command('listen')
      .description('Receive the webhook events of your devices and print them as they arrive; forward them to your app')
      .option('--port <port>', 'port to listen on (0 = any free port; the real one is printed)', port, DEFAULT_LISTEN_PORT)
      .option('--host <host>', 'address to listen on (0.0.0.0 = every interface)', '127.0.0.1')
      .option('--path <path>', 'accept POSTs only on this path (others get 404)', '/')
      .option('--forward-to <url>', 're-POST each event unchanged to this URL, retrying failures with backoff')
      .option('--events <kinds>', `only these event kinds, comma-separated: ${EVENT_KINDS.join(', ')}`)
      .addHelpText('after', '\nWith --json, prints each event as one line of JSON (NDJSON), exactly as received.\n')
      .action(lazyAction(io, () => import('../actions/listen.js'), 'listen')),
    [
      'chatbot listen',
      'chatbot listen --port 0 --forward-to http://localhost:3000/webhook',
      'chatbot listen --events text,poll_vote --json | jq .mensagem',
    ],
  );
}

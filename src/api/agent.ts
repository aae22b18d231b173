// The one keep-alive connection pool of the CLI, closed when the command ends.
import { Agent } from 'undici';
import { onShutdown } from '../lifecycle.js';

let shared: Agent | undefined;

/** The process-wide undici Agent, created on first use and closed by `shutdown()`. */
export function sharedAgent(): Agent {
  if (!shared) {
    const created = new Agent({ keepAliveTimeout: 10_000, connections: 8 });
    shared = created;
    onShutdown(async () => {
      shared = undefined;
      await created.close();
    });
  }
  return shared;
}

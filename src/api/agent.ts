// The keep-alive connection pools of one run, closed by its shutdown hooks.
import { Agent, Pool, type Dispatcher } from 'undici';
import type { ShutdownHooks } from '../lifecycle.js';

/** An undici Agent for every origin the run talks to, closed when the run ends. */
export function keepAliveAgent(hooks: ShutdownHooks): Dispatcher {
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 8 });
  hooks.add(() => agent.close());
  return agent;
}

/** A Pool of `connections` sockets to the base URL's origin (batch sends), closed when the run ends. */
export function servicePool(hooks: ShutdownHooks, baseUrl: string, connections: number): Dispatcher {
  const pool = new Pool(new URL(baseUrl).origin, { connections, keepAliveTimeout: 10_000 });
  hooks.add(() => pool.close());
  return pool;
}

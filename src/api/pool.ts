// A keep-alive connection pool to one service origin, for many requests at once (batch sends).
import { Pool, type Dispatcher } from 'undici';
import { onShutdown } from '../lifecycle.js';

/** A Pool of `connections` sockets to the base URL's origin, closed by `shutdown()`. */
export function servicePool(baseUrl: string, connections: number): Dispatcher {
  const pool = new Pool(new URL(baseUrl).origin, { connections, keepAliveTimeout: 10_000 });
  onShutdown(() => pool.close());
  return pool;
}

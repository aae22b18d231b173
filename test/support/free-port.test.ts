// The tests' free port: below the ephemeral range (where outgoing connections take theirs), and free when handed out.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port.js';

describe('freePort', () => {
  it('hands out ports below 32768 that a server can listen on', async () => {
    for (let round = 0; round < 5; round += 1) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
      const server = createServer();
      await new Promise<void>((done, fail) => {
        server.once('error', fail);
        server.listen(port, '127.0.0.1', done);
      });
      await new Promise((done) => server.close(done));
    }
  });
});

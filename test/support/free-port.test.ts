// The tests' free port: below the ephemeral range (where outgoing connections take theirs), free when handed out,
// and never handed out twice in one process.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from './free-port.js';

afterEach(() => {
  vi.restoreAllMocks();
});

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

  it('draws again rather than hand out a port it gave before', async () => {
    const first = await freePort();
    // The next two draws land on the port given before; the third is the machine's own.
    const same = (first - 20_000 + 0.5) / (32_768 - 20_000);
    const draws = vi.spyOn(Math, 'random').mockReturnValueOnce(same).mockReturnValueOnce(same);
    const second = await freePort();
    expect(second).not.toBe(first);
    expect(draws.mock.calls.length).toBeGreaterThanOrEqual(3);
  });
});

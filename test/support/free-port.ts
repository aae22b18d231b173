// A port for a process the test starts later (a bot, an emulator), free when it is handed out.
//
// Not port 0's answer: the system takes those from its ephemeral range (Linux: 32768–60999), the same range every
// outgoing connection's own port comes from, so on a busy run another test's HTTP client can take the port between
// its release here and the bot's listen (seen on CI: the bot died with EADDRINUSE). A port below that range is only
// ever taken by a listen; one is drawn at random, tried, and another drawn when it is in use.
import { createServer } from 'node:net';

const LOWEST = 20_000;
const BELOW_EPHEMERAL = 32_768;

function tryListen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

/** Ports this process handed out: a test that takes two before starting either gets two different ones. */
const handedOut = new Set<number>();

/** A port nothing listens on now, below the system's ephemeral range (taken, then released), not handed out before. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 50; tries += 1) {
    const port = LOWEST + Math.floor(Math.random() * (BELOW_EPHEMERAL - LOWEST));
    if (handedOut.has(port) || !(await tryListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port found between ${LOWEST} and ${BELOW_EPHEMERAL - 1} in 50 tries`);
}

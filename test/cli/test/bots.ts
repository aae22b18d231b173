// Bots for the conversation-test runner's tests: the example menu bot as its own process, and a scripted bot in this
// process whose answers each test writes.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { readyLine } from '../../support/ready-line.js';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const EXAMPLE_BOT = resolve(ROOT, 'examples/menu-bot/bot.mjs');

export interface RunningBot {
  url: string;
  stop(): Promise<void>;
}

export { freePort } from '../../support/free-port.js';

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/** The example menu bot (or a changed copy of it, `script`), talking to the service at `baseUrl` with these keys. */
export async function startExampleBot(
  baseUrl: string,
  keys: { authkey: string; appkey: string },
  script = EXAMPLE_BOT,
): Promise<RunningBot> {
  const child = spawn(process.execPath, [script], {
    env: {
      PATH: process.env.PATH,
      CHATBOT_BASE_URL: baseUrl,
      CHATBOT_AUTHKEY: keys.authkey,
      CHATBOT_APPKEY: keys.appkey,
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [, url] = await readyLine(child, /Menu bot listening on (http:\/\/\S+)/, { what: 'the menu bot' });
  return { url: url ?? '', stop: () => stopped(child) };
}

/**
 * A bot with one mistake (MISTAKE), as its own process (mistaken-bot.mjs): it answers each contact message the way
 * that mistake makes it, with the keys and the base URL of its environment, like a bot written from the docs.
 */
export const MISTAKEN_BOT = resolve(import.meta.dirname, 'mistaken-bot.mjs');

/** A bot process with one mistake (mistaken-bot.mjs), talking to `baseUrl` with these keys. */
export async function startMistakenBot(
  mistake: string,
  baseUrl: string,
  keys: { authkey: string; appkey: string },
): Promise<RunningBot> {
  const child = spawn(process.execPath, [MISTAKEN_BOT], {
    env: {
      PATH: process.env.PATH,
      CHATBOT_BASE_URL: baseUrl,
      CHATBOT_AUTHKEY: keys.authkey,
      CHATBOT_APPKEY: keys.appkey,
      MISTAKE: mistake,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [, url] = await readyLine(child, /Mistaken bot listening on (http:\/\/\S+)/, { what: 'the mistaken bot' });
  return { url: url ?? '', stop: () => stopped(child) };
}

export const LOAD_BOT = resolve(import.meta.dirname, 'load-bot.mjs');

/** The load tests' bot (load-bot.mjs) as its own process: an answer after `delayMs`, `concurrency` at a time. */
export async function startLoadBot(
  baseUrl: string,
  keys: { authkey: string; appkey: string },
  options: { delayMs?: number; concurrency?: number; idempotent?: boolean; refusedFirst?: boolean } = {},
): Promise<RunningBot> {
  const child = spawn(process.execPath, [LOAD_BOT], {
    env: {
      PATH: process.env.PATH,
      CHATBOT_BASE_URL: baseUrl,
      CHATBOT_AUTHKEY: keys.authkey,
      CHATBOT_APPKEY: keys.appkey,
      DELAY_MS: String(options.delayMs ?? 0),
      CONCURRENCY: String(options.concurrency ?? 1000),
      IDEMPOTENT: options.idempotent ? '1' : '0',
      REFUSED_FIRST: options.refusedFirst ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [, url] = await readyLine(child, /Load bot listening on (http:\/\/\S+)/, { what: 'the load bot' });
  return { url: url ?? '', stop: () => stopped(child) };
}

export type BotEvent = Record<string, unknown> & { evento: string; tipo: string; chat: string; idMessagem: string };

/** What a scripted bot does with each contact event: the HTTP status it answers, after sending what it wants. */
export type Script = (event: BotEvent, send: (fields: Record<string, unknown>) => Promise<void>) => Promise<number>;

/** A bot in this process: each contact event (tipo Chat) runs `script`; its own messages' events are answered 200. */
export async function startScriptedBot(
  baseUrl: string,
  keys: { authkey: string; appkey: string },
  script: Script,
): Promise<RunningBot> {
  const send = async (fields: Record<string, unknown>) => {
    const response = await fetch(`${baseUrl}/api/create-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...keys, ...fields }),
    });
    const answer = (await response.json()) as { status: number; message?: string };
    if (answer.status !== 200) throw new Error(`scripted bot: send refused: ${answer.status} ${answer.message ?? ''}`);
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const event = JSON.parse(body) as BotEvent;
      const answered = event.tipo === 'Chat' ? script(event, send) : Promise.resolve(200);
      void answered.then(
        (status) => response.writeHead(status).end(),
        () => response.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => {
      server.closeAllConnections();
      return new Promise((done) => server.close(() => done()));
    },
  };
}

// What the `chatbot dev` tests share: a free port, dev run in this process (stop() is Ctrl-C), a dotenv file read
// back, and the test's cleanups.
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { afterEach } from 'vitest';
import { runCli } from '../../../src/cli/run.js';
import { waitFor } from '../../support/wait-for.js';
import { Sandbox } from '../support/harness.js';

export { freePort } from '../../support/free-port.js';

export interface InProcessDev {
  seen: { stdout: string; stderr: string };
  /** Resolves with dev's exit code once it ended on its own. */
  exit: Promise<number>;
  stop(): Promise<number>;
}

/** `chatbot dev …` in this process, as a person runs it in a terminal of their own (`tty`: one); stop() is Ctrl-C. */
export function startDev(
  box: Sandbox,
  args: string[],
  env: Record<string, string | undefined> = {},
  { tty = false } = {},
): InProcessDev {
  const signals = new EventEmitter();
  const seen = { stdout: '', stderr: '' };
  const exit = runCli(['dev', ...args], {
    stdin: Readable.from([]),
    stdout: { write: (s: string) => (seen.stdout += s), isTTY: tty },
    stderr: { write: (s: string) => (seen.stderr += s), isTTY: tty },
    env: box.env(env),
    signals,
  });
  return {
    seen,
    exit,
    stop: () => {
      signals.emit('SIGINT');
      return exit;
    },
  };
}

/** Waits until dev follows the traffic (what happens from then on shows). */
export async function devReady(dev: InProcessDev, marker = 'The traffic both ways follows'): Promise<void> {
  await waitFor(() => dev.seen.stderr.includes(marker) || dev.seen.stdout.includes(marker), {
    what: () => `dev to be ready: ${dev.seen.stderr}`,
  });
}

/** The variables of a dotenv file (`NAME=value` lines; comments left out). */
export function dotenv(text: string): Record<string, string> {
  const lines = text.split('\n').filter((line) => /^[A-Z_]+=/.test(line));
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs `cleanup` after the test (the last registered first). */
export function afterTest(cleanup: () => unknown): void {
  cleanups.push(cleanup);
}

/** A sandbox removed after the test. */
export function sandbox(baseUrl: string): Sandbox {
  const box = new Sandbox(baseUrl);
  afterTest(() => box.cleanup());
  return box;
}

/** A text sent as the bot would send it: `/api/create-message` with these keys; resolves with the answer's status. */
export async function botSends(
  baseUrl: string,
  keys: { authkey: string; appkey: string },
  to: string,
): Promise<number> {
  const answer = await fetch(`${baseUrl}/api/create-message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...keys, to, message: 'olá' }),
  });
  return ((await answer.json()) as { status: number }).status;
}

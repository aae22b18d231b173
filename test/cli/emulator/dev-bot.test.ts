// `chatbot dev -- <command…>` as real processes over real HTTP: from an empty folder, dev runs a Python bot (stdlib
// only) with the bot's settings in its environment, a contact's message from a second process reaches it, its answer
// and its own lines show in dev's output, and dev ends with the bot (its exit code) or stops it at Ctrl-C.
import { execa, type ResultPromise } from 'execa';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../support/free-port.js';
import { waitFor } from '../../support/wait-for.js';
import { BIN, Sandbox } from '../support/harness.js';
import { CONTACT, CONTACT_DIGITS } from '../support/paired-device.js';

const ECHO_BOT = resolve(import.meta.dirname, 'dev-bot/echo_bot.py');

interface DevProcess {
  child: ResultPromise;
  seen: { stdout: string; stderr: string };
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A sandbox (temporary HOME and config) with an empty project folder holding the bot, removed after the test. */
function project(baseUrl: string): { box: Sandbox; folder: string } {
  const box = new Sandbox(baseUrl);
  cleanups.push(() => box.cleanup());
  const folder = join(box.home, 'my-bot');
  mkdirSync(folder);
  copyFileSync(ECHO_BOT, join(folder, 'bot.py'));
  return { box, folder };
}

/** `chatbot dev …` as its own process, in `cwd`, without CHATBOT_BASE_URL (a newcomer's shell has none). */
function spawnDev(box: Sandbox, cwd: string, args: string[]): DevProcess {
  const child = execa('node', [BIN, 'dev', ...args], {
    cwd,
    env: box.env({ CHATBOT_BASE_URL: undefined }),
    extendEnv: false,
    reject: false,
  });
  const seen = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (seen.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (seen.stderr += chunk.toString()));
  // SIGTERM, so that dev stops its bot too (execa kills it after 5 s if it is still there).
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await child;
  });
  return { child, seen };
}

async function ready(dev: DevProcess): Promise<void> {
  await waitFor(() => dev.seen.stdout.includes('bot | listening on'), {
    what: () => `dev and its bot to be ready:\n${dev.seen.stdout}\n${dev.seen.stderr}`,
    giveUp: () => (dev.child.exitCode === null ? undefined : `dev exited: ${dev.seen.stderr}`),
  });
}

/** A contact writes, from a process of its own (the emulator answering at `baseUrl`). */
async function contactWrites(box: Sandbox, baseUrl: string, text: string): Promise<void> {
  const sent = await box.spawn(['emulator', 'trigger', 'text', '--from', CONTACT, '-m', text], {
    env: { CHATBOT_BASE_URL: baseUrl },
  });
  expect(sent.exitCode, sent.stderr).toBe(0);
}

/** True while a process with this id lives. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('chatbot dev -- <command…>', () => {
  it('runs the bot with its settings: a contact writes, the bot answers, its lines are marked; dev exits with its code', async () => {
    const [port, botPort] = [await freePort(), await freePort()];
    const { box, folder } = project(`http://127.0.0.1:${port}`);
    const webhook = `http://127.0.0.1:${botPort}/`;
    const dev = spawnDev(box, folder, ['--webhook', webhook, '--port', String(port), '--', 'python3', 'bot.py']);
    await ready(dev);
    expect(dev.seen.stdout).toContain(`bot | listening on ${botPort}`);
    expect(dev.seen.stderr).toMatch(/^bot \| starting, pid \d+$/m);
    expect(dev.seen.stderr).toContain(`Bot: python3 bot.py (pid `);

    await contactWrites(box, `http://127.0.0.1:${port}`, 'oi');
    const shown = [
      /^bot \| got oi$/m,
      new RegExp(`← ${CONTACT_DIGITS} +text +"oi"`),
      /^\d\d:\d\d:\d\d {2}✓ webhook text \S+ \(attempt 1\) {2}200/m,
      /^\d\d:\d\d:\d\d {2}✓ sendText {2}→ 5521998765432 {2}200$/m,
      /^bot \| sent 200$/m,
      /→ 5521998765432 +text +"eco: oi"/,
    ];
    await waitFor(() => shown.every((line) => line.test(dev.seen.stdout)), {
      what: () => `the message, the bot's lines, its request and its answer in dev's output:\n${dev.seen.stdout}`,
    });

    await contactWrites(box, `http://127.0.0.1:${port}`, 'sair 3');
    const ended = await dev.child;
    expect(ended.exitCode, dev.seen.stderr).toBe(3);
    expect(dev.seen.stderr).toContain('The bot (`python3 bot.py`) exited with code 3');
  });

  it('Ctrl-C stops both: the bot first (SIGTERM), then dev, which exits 130', async () => {
    const [port, botPort] = [await freePort(), await freePort()];
    const { box, folder } = project(`http://127.0.0.1:${port}`);
    const args = ['--webhook', `http://127.0.0.1:${botPort}/`, '--port', String(port), '--', 'python3', 'bot.py'];
    const dev = spawnDev(box, folder, args);
    await ready(dev);
    const botPid = Number(/^bot \| starting, pid (\d+)$/m.exec(dev.seen.stderr)?.[1]);
    expect(alive(botPid)).toBe(true);
    dev.child.kill('SIGINT');
    const ended = await dev.child;
    expect(ended.exitCode, dev.seen.stderr).toBe(130);
    expect(dev.seen.stderr).toContain('Stopped (Ctrl-C): the bot (`python3 bot.py`) was ended by SIGTERM');
    expect(alive(botPid)).toBe(false);
  });

  it('a bot ended by a signal makes dev exit 128+n, as a shell says', async () => {
    const port = await freePort();
    const { box, folder } = project(`http://127.0.0.1:${port}`);
    const dev = spawnDev(box, folder, ['--port', String(port), '--', 'sh', '-c', 'echo bye; kill -TERM $$']);
    const ended = await dev.child;
    expect(ended.exitCode, dev.seen.stderr).toBe(143);
    expect(dev.seen.stdout).toContain('bot | bye');
    expect(dev.seen.stderr).toContain('was ended by SIGTERM (exit code 143)');
  });

  it('a command that cannot run is a usage error naming it', async () => {
    const port = await freePort();
    const { box, folder } = project(`http://127.0.0.1:${port}`);
    const dev = spawnDev(box, folder, ['--port', String(port), '--', 'no-such-bot-command']);
    const ended = await dev.child;
    expect(ended.exitCode).toBe(2);
    expect(dev.seen.stderr).toContain('Could not run the bot `no-such-bot-command`: no such command on PATH');
  });
});

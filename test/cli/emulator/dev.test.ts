// chatbot dev end to end: from a config that has nothing yet to a bot (the menu bot example, its own process)
// answering a contact, with two commands (dev, then a contact's message); and dev on an emulator already running.
import { execa, type ResultPromise } from 'execa';
import { EventEmitter } from 'node:events';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run.js';
import { waitFor } from '../../support/wait-for.js';
import { Sandbox, useEmulator } from '../support/harness.js';
import { CONTACT, CONTACT_DIGITS } from '../support/paired-device.js';

const MENU_BOT = resolve(import.meta.dirname, '../../../examples/menu-bot/bot.mjs');

/** A port nothing listens on (taken from the system, then released). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.once('error', fail);
  });
}

interface Running {
  seen: { stdout: string; stderr: string };
  stop(): Promise<number>;
}

/** `chatbot dev …` in this process, as a person runs it in a terminal of their own; stop() is Ctrl-C. */
function startDev(box: Sandbox, args: string[], env: Record<string, string | undefined> = {}): Running {
  const signals = new EventEmitter();
  const seen = { stdout: '', stderr: '' };
  const exit = runCli(['dev', ...args], {
    stdin: Readable.from([]),
    stdout: { write: (s: string) => (seen.stdout += s) },
    stderr: { write: (s: string) => (seen.stderr += s) },
    env: box.env(env),
    signals,
  });
  return {
    seen,
    stop: () => {
      signals.emit('SIGINT');
      return exit;
    },
  };
}

function exported(stdout: string, name: string): string {
  const value = new RegExp(`^export ${name}=(\\S+)$`, 'm').exec(stdout)?.[1];
  if (value === undefined) throw new Error(`no export of ${name} in ${stdout}`);
  return value;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A sandbox removed after the test. */
function sandbox(baseUrl: string): Sandbox {
  const box = new Sandbox(baseUrl);
  cleanups.push(() => {
    box.cleanup();
    return Promise.resolve();
  });
  return box;
}

describe('chatbot dev', () => {
  it('from nothing to a bot answering a contact: dev, then the contact writes; the traffic shows both ways', async () => {
    const port = await freePort();
    const box = sandbox(`http://127.0.0.1:${port}`);
    const botPort = await freePort();
    const dev = startDev(box, ['--webhook', `http://127.0.0.1:${botPort}/`, '--env', '--port', String(port)], {
      CHATBOT_BASE_URL: undefined,
    });
    cleanups.push(() => dev.stop());
    await waitFor(() => dev.seen.stderr.includes('The traffic both ways follows'), {
      what: () => `dev to be ready: ${dev.seen.stderr}`,
    });
    expect(dev.seen.stderr).toContain(`Emulator http://127.0.0.1:${port} (started here; Ctrl-C stops it)`);
    const bot: ResultPromise = execa('node', [MENU_BOT], {
      env: {
        PORT: String(botPort),
        CHATBOT_BASE_URL: exported(dev.seen.stdout, 'CHATBOT_BASE_URL'),
        CHATBOT_AUTHKEY: exported(dev.seen.stdout, 'CHATBOT_AUTHKEY'),
        CHATBOT_APPKEY: exported(dev.seen.stdout, 'CHATBOT_APPKEY'),
      },
      reject: false,
    });
    cleanups.push(async () => {
      bot.kill('SIGTERM');
      await bot;
    });
    let botOut = '';
    bot.stdout?.on('data', (chunk: Buffer) => (botOut += chunk.toString()));
    await waitFor(() => botOut.includes('Menu bot listening'), { what: 'the menu bot to listen' });

    const contact = await box.run(['emulator', 'trigger', 'text', '--from', CONTACT, '--name', 'Ana', '-m', 'oi'], {
      env: { CHATBOT_BASE_URL: undefined },
    });
    expect(contact.exitCode, contact.stderr).toBe(0);
    await waitFor(() => dev.seen.stdout.includes('"O que você quer fazer?"'), {
      what: () => `the bot's answer in dev's stream:\n${dev.seen.stdout}\n${dev.seen.stderr}`,
    });
    const traffic = dev.seen.stdout.split('\n').filter((line) => !line.startsWith('export '));
    expect(traffic[0]).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d  ← ${CONTACT_DIGITS} \\(Ana\\) +text +"oi"`));
    expect(traffic[1]).toMatch(/→ 5521998765432 +text +"Olá, Ana! Eu sou o bot da Pizzaria Bella\."/);
    expect(traffic[2]).toMatch(/→ 5521998765432 +buttons +"O que você quer fazer\?" {2}\[Cardápio\] \[Horários\]/);
    expect(await dev.stop()).toBe(0);
  });
});

describe('chatbot dev on an emulator already running', () => {
  const fixture = useEmulator();

  it('uses it, keeps the keys masked without --env, and says when a webhook delivery to the bot fails', async () => {
    const box = sandbox(fixture.emulator.url);
    const nobody = await freePort();
    const dev = startDev(box, ['--webhook', `http://127.0.0.1:${nobody}/`]);
    cleanups.push(() => dev.stop());
    await waitFor(() => dev.seen.stderr.includes('The traffic both ways follows'), {
      what: () => `dev to be ready: ${dev.seen.stderr}`,
    });
    expect(dev.seen.stderr).toContain(`Emulator ${fixture.emulator.url} (already running)`);
    expect(dev.seen.stderr).toMatch(/CHATBOT_AUTHKEY=\w{4}…\w{4}\n/);
    expect(dev.seen.stdout).toBe('');
    const contact = await box.run(['emulator', 'trigger', 'text', '--from', CONTACT, '-m', 'alguém aí?']);
    expect(contact.exitCode, contact.stderr).toBe(0);
    await waitFor(() => /⚠ webhook text \S+ \(attempt 1\): .+; next attempt \d\d:\d\d:\d\d/.test(dev.seen.stderr), {
      what: () => `the failed delivery in ${dev.seen.stderr}`,
    });
    await waitFor(() => /← 5521998765432 +text +"alguém aí\?"/.test(dev.seen.stdout), {
      what: () => `the contact's message in ${dev.seen.stdout}`,
    });
    expect(await dev.stop()).toBe(0);
  });

  it('without --webhook, a built-in receiver takes the events: they are delivered', async () => {
    const box = sandbox(fixture.emulator.url);
    const dev = startDev(box, []);
    cleanups.push(() => dev.stop());
    await waitFor(() => dev.seen.stderr.includes('The traffic both ways follows'), {
      what: () => `dev to be ready: ${dev.seen.stderr}`,
    });
    expect(dev.seen.stderr).toMatch(/its webhook: http:\/\/127\.0\.0\.1:\d+\/ \(built-in receiver\)/);
    expect((await box.run(['emulator', 'trigger', 'text', '--from', CONTACT, '-m', 'oi'])).exitCode).toBe(0);
    await waitFor(
      async () => {
        const listed = await box.run(['emulator', 'webhooks', '--json']);
        return (JSON.parse(listed.stdout) as { contagem: { delivered: number } }).contagem.delivered === 1;
      },
      { what: 'the event delivered to the built-in receiver' },
    );
    expect(dev.seen.stderr).not.toContain('⚠ webhook');
    expect(await dev.stop()).toBe(0);
  });

  it('will not overwrite a profile that holds an account of another service', async () => {
    const box = sandbox(fixture.emulator.url);
    const login = await box.run(['config', 'set', 'base-url', 'https://api.example.com'], {
      env: { CHATBOT_BASE_URL: undefined },
    });
    expect(login.exitCode, login.stderr).toBe(0);
    expect((await box.run(['config', 'set', 'authkey', 'k'.repeat(32)])).exitCode).toBe(0);
    const refused = await box.run(['dev'], { env: { CHATBOT_BASE_URL: undefined } });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('chatbot dev --profile dev');
  });
});

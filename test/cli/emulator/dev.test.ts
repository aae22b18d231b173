// chatbot dev end to end: from a config that has nothing yet to a bot (the menu bot example, its own process)
// answering a contact, with two commands (dev, then a contact's message); and dev on an emulator already running.
import { execa, type ResultPromise } from 'execa';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../support/wait-for.js';
import { useEmulator } from '../support/harness.js';
import { CONTACT, CONTACT_DIGITS } from '../support/paired-device.js';
import { afterTest, dotenv, freePort, sandbox, startDev } from './dev-support.js';

const MENU_BOT = resolve(import.meta.dirname, '../../../examples/menu-bot/bot.mjs');

describe('chatbot dev', () => {
  it('from nothing to a bot answering a contact: dev, then the contact writes; the traffic shows both ways', async () => {
    const port = await freePort();
    const box = sandbox(`http://127.0.0.1:${port}`);
    const botPort = await freePort();
    const envFile = join(box.home, '.env');
    const dev = startDev(
      box,
      ['--webhook', `http://127.0.0.1:${botPort}/`, '--env-file', envFile, '--port', String(port)],
      {
        CHATBOT_BASE_URL: undefined,
      },
    );
    afterTest(() => dev.stop());
    await waitFor(() => dev.seen.stderr.includes('The traffic both ways follows'), {
      what: () => `dev to be ready: ${dev.seen.stderr}`,
    });
    expect(dev.seen.stderr).toContain(`Emulator http://127.0.0.1:${port} (started here; Ctrl-C stops it)`);
    expect(statSync(envFile).mode & 0o777).toBe(0o600);
    const settings = dotenv(readFileSync(envFile, 'utf8'));
    expect(settings.PORT).toBe(String(botPort));
    const bot: ResultPromise = execa('node', [MENU_BOT], { env: settings, reject: false });
    afterTest(async () => {
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
    const messages = dev.seen.stdout.split('\n').filter((line) => /^\S+ {2}[←→] \d/.test(line));
    expect(messages[0]).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d  ← ${CONTACT_DIGITS} \\(Ana\\) +text +"oi"`));
    expect(messages[1]).toMatch(/→ 5521998765432 +text +"Olá, Ana! Eu sou o bot da Pizzaria Bella\."/);
    expect(messages[2]).toMatch(/→ 5521998765432 +buttons +"O que você quer fazer\?" {2}\[Cardápio\] \[Horários\]/);
    expect(await dev.stop()).toBe(0);
  });
});

describe('chatbot dev on an emulator already running', () => {
  const fixture = useEmulator();

  it('uses it, keeps the keys masked, and shows a webhook delivery to the bot that fails', async () => {
    const box = sandbox(fixture.emulator.url);
    const nobody = await freePort();
    const dev = startDev(box, ['--webhook', `http://127.0.0.1:${nobody}/`]);
    afterTest(() => dev.stop());
    await waitFor(() => dev.seen.stderr.includes('The traffic both ways follows'), {
      what: () => `dev to be ready: ${dev.seen.stderr}`,
    });
    expect(dev.seen.stderr).toContain(`Emulator ${fixture.emulator.url} (already running)`);
    expect(dev.seen.stderr).toMatch(/CHATBOT_AUTHKEY=\w{4}…\w{4}\n/);
    expect(dev.seen.stdout).not.toMatch(/export|CHATBOT_AUTHKEY/);
    const contact = await box.run(['emulator', 'trigger', 'text', '--from', CONTACT, '-m', 'alguém aí?']);
    expect(contact.exitCode, contact.stderr).toBe(0);
    const failed =
      /✗ webhook text \S+ \(attempt 1\) {2}connect ECONNREFUSED \S+ {2}\d+ ms {2}next attempt \d\d:\d\d:\d\d/;
    await waitFor(() => failed.test(dev.seen.stdout), { what: () => `the failed delivery in ${dev.seen.stdout}` });
    await waitFor(() => /← 5521998765432 +text +"alguém aí\?"/.test(dev.seen.stdout), {
      what: () => `the contact's message in ${dev.seen.stdout}`,
    });
    expect(await dev.stop()).toBe(0);
  });

  it('without --webhook, a built-in receiver takes the events: they are delivered', async () => {
    const box = sandbox(fixture.emulator.url);
    const dev = startDev(box, []);
    afterTest(() => dev.stop());
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
    await waitFor(() => /✓ webhook text \S+ \(attempt 1\) {2}200 {2}\d+ ms$/m.test(dev.seen.stdout), {
      what: () => `the delivery and its latency in dev's output: ${dev.seen.stdout}`,
    });
    expect(await dev.stop()).toBe(0);
  });

  it('refuses --port when an emulator already answers at the base URL on another port (not ignored)', async () => {
    const box = sandbox(fixture.emulator.url);
    const other = await freePort();
    const refused = await box.run(['dev', '--port', String(other)]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      `An emulator already answers at ${fixture.emulator.url}, so dev uses it and starts none: --port ${other} would be ignored`,
    );
    const profile = await box.run(['config', 'get', 'authkey']);
    expect(profile.stdout).toBe('');
  });

  it('refuses a webhook URL with a space, as the control API does', async () => {
    const box = sandbox(fixture.emulator.url);
    const refused = await box.run(['dev', '--webhook', 'http://127.0.0.1:3000/ x']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--webhook must be an http(s) URL without spaces');
    const setup = await fetch(`${fixture.emulator.url}/__emulator/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ webhook: 'http://127.0.0.1:3000/ x' }),
    });
    expect(setup.status).toBe(400);
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

// The console's export round trip in real Chromium: the example menu bot (its own process, over HTTP, greeting the
// contact by name) talks with a contact named in the console, through every step the console can play (text, a reply
// button, a poll vote, a reaction, a reply quoting), while a text is sent by hand from the CLI and a send of the bot is
// refused by a fault rule (neither an answer of the bot: the file leaves both out and says so); the chat is exported with the page's button, and `chatbot test`
// passes the file against the same bot on a fresh emulator, with a new number for the contact. The same file fails
// against the bot changed to greet without the name.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { TestDevice } from '../../src/emulator/testing/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Sandbox } from '../cli/support/harness.js';
import { EXAMPLE_BOT, freePort, startExampleBot, type RunningBot } from '../cli/test/bots.js';
import { botSends, CONTACT, useConsole } from './support/console.js';

const t = useConsole();
const KEYS = { authkey: 'chave-secreta-do-bot-de-teste-0034', appkey: 'pizzaria' };
let box: Sandbox;
let dir: string;
const bots: RunningBot[] = [];

beforeAll(() => {
  box = new Sandbox('http://127.0.0.1:9');
  dir = mkdtempSync(join(tmpdir(), 'chatbot-export-chromium-'));
});
afterAll(async () => {
  await Promise.all(bots.map((bot) => bot.stop()));
  box.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const outMessage = (page: Page, text: string) =>
  page.locator('[data-testid=message][data-direction=out]').filter({ hasText: text });

/** Plays the conversation as the contact in the console; the bot answers each step before the next. */
async function talk(page: Page): Promise<void> {
  await page.getByTestId('contact-name').fill('Ana');
  await page.getByTestId('contact-name').press('Enter');
  await page.getByRole('button', { name: /^Ana\b/ }).waitFor();
  const say = async (text: string) => {
    await page.getByTestId('composer').fill(text);
    await page.getByTestId('composer').press('Enter');
  };
  await say('oi');
  await outMessage(page, 'Olá, Ana!').waitFor();
  await page.getByTestId('reply-button').filter({ hasText: 'Cardápio' }).click();
  await page.getByTestId('poll-option').filter({ hasText: 'Calabresa' }).click();
  const chosen = outMessage(page, 'Ótima escolha: Calabresa!');
  await chosen.getByLabel('React to this message').click();
  await chosen.getByRole('button', { name: 'React 👍' }).click();
  await page.locator('[data-testid=message][data-direction=in][data-kind=reaction]').waitFor({ state: 'attached' });
  await outMessage(page, 'Qual sabor você quer?').getByRole('button', { name: 'Reply quoting this message' }).click();
  await say('Sim');
  await outMessage(page, 'Anotado!').waitFor();
  await say('obrigado');
  await t.control.waitForOutbox(KEYS.appkey, (m) => m.kind === 'reaction');
}

/** After the contact wrote: a text sent from the CLI by hand, and a send of the bot a fault rule refuses. */
async function sendByHandAndRefuseOne(page: Page, device: TestDevice): Promise<void> {
  const cli = new Sandbox(t.emu.url);
  try {
    const sent = await cli.run(['send', 'text', '--to', CONTACT, '--message', 'Enviado à mão'], {
      env: { CHATBOT_AUTHKEY: device.authkey, CHATBOT_APPKEY: device.appkey },
    });
    expect(sent.exitCode, sent.stderr).toBe(0);
  } finally {
    cli.cleanup();
  }
  await outMessage(page, 'Enviado à mão').waitFor();
  await t.control.faults.add({ operation: 'sendText', appkey: device.appkey, status: 500, times: 1 });
  await expect(botSends(t.emu.url, device, { message: 'Perdida' })).rejects.toThrow(/500/);
  await page.getByTestId('rejected-request').waitFor();
}

async function exported(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-conversation').click(),
  ]);
  return readFileSync(await download.path(), 'utf8');
}

/** `chatbot test FILE` against this bot (the menu bot, or a changed copy) on a fresh emulator. */
async function runAgainst(file: string, script: string) {
  const port = await freePort();
  const bot = await startExampleBot(`http://127.0.0.1:${port}`, KEYS, script);
  bots.push(bot);
  const result = await box.run(['test', file, '--bot-url', bot.url, '--port', String(port)], {
    env: { CHATBOT_AUTHKEY: KEYS.authkey },
  });
  await bot.stop();
  return result;
}

it(
  'a chat with a contact named in the console exports to a file `chatbot test` passes against the same bot',
  { timeout: 180_000 },
  async () => {
    const device = await t.control.setup({ appkey: KEYS.appkey });
    const recording = await startExampleBot(t.emu.url, { authkey: device.authkey, appkey: KEYS.appkey });
    bots.push(recording);
    await t.control.setWebhook(KEYS.appkey, recording.url);
    // Sent before the contact wrote (a campaign): not an answer, so left out of the file.
    await botSends(t.emu.url, device, { message: 'Promoção de hoje!' });
    const page = await t.page();
    await page.goto(`${t.emu.url}/?device=${device.id}&contact=${CONTACT}`);
    await talk(page);
    const event = await t.control.waitForWebhook(KEYS.appkey, (d) => d.evento.mensagem === 'oi');
    expect(event.evento.nome).toBe('Ana');
    await sendByHandAndRefuseOne(page, device);

    const file = await exported(page);
    expect(file).toContain(`--emulator-url ${t.emu.url}\n`);
    expect(file).toContain('device: "pizzaria"');
    expect(file).not.toContain(device.authkey);
    expect(file).toContain('contact: "Ana"');
    expect(file).toContain('- expect: "Olá, {{contact.name}}! Eu sou o bot da Pizzaria Bella."');
    expect(file).toContain('#   - 1 message(s) the device sent before the contact wrote');
    expect(file).not.toContain('Promoção');
    expect(file).toContain('#   - 1 message(s) sent from the chatbot CLI');
    expect(file).not.toContain('Enviado à mão');
    expect(file).toContain('#   - 1 send(s) of the bot the emulator refused');
    expect(file).not.toContain('Perdida');
    for (const step of ['say: "oi"', 'click: "Cardápio"', 'vote: "Calabresa"', 'react: "👍"', 'reply: "Sim"'])
      expect(file).toContain(`- ${step}`);
    const path = join(dir, 'conversation.yaml');
    writeFileSync(path, file);

    const passed = await runAgainst(path, EXAMPLE_BOT);
    expect(passed.exitCode, `${file}\n${passed.stdout}${passed.stderr}`).toBe(0);
    expect(passed.stdout).toContain('Conversations: 1 passed, 0 failed, 0 skipped');

    const nameless = join(dir, 'nameless-bot.mjs');
    const source = readFileSync(EXAMPLE_BOT, 'utf8');
    expect(source).toContain('Olá, ${event.nome}!');
    writeFileSync(nameless, source.replace('Olá, ${event.nome}!', 'Olá, cliente!'));
    const failed = await runAgainst(path, nameless);
    expect(failed.exitCode, failed.stdout).toBe(1);
    expect(failed.stdout).toContain('expected text "Olá, Ana! Eu sou o bot da Pizzaria Bella."');
  },
);

// The console's "Export as a conversation test" round trip: a contact talks to the example menu bot through the
// control API (every kind of step the bot answers, and a reaction it does not), the chat is exported with the same
// function the page uses, and `chatbot test` passes that file against the same bot on a fresh emulator.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { conversationFile } from '../../../src/emulator/console/page/export/conversation-file.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { ControlClient } from '../../../src/emulator/testing/client.js';
import type { OutboxMessage } from '../../../src/api/emulator-control.js';
import { Sandbox } from '../support/harness.js';
import { freePort, startExampleBot, type RunningBot } from './bots.js';

const APPKEY = 'pizzaria';
const CONTACT = '5521998765432';
const KEYS = { authkey: 'chave-secreta-do-bot-de-teste-0002', appkey: APPKEY };

let recording: { emu: RunningEmulator; bot: RunningBot } | undefined;
let box: Sandbox;
let dir: string;

beforeAll(() => {
  box = new Sandbox('http://127.0.0.1:9');
  dir = mkdtempSync(join(tmpdir(), 'chatbot-export-'));
});
afterAll(async () => {
  await recording?.bot.stop();
  await recording?.emu.close();
  box.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** The chat with the menu bot, played through the control API, as the console reads it. */
async function recordChat(): Promise<string> {
  const emu = await startEmulator({ port: 0, db: ':memory:' });
  const control = new ControlClient(emu.url);
  const device = await control.setup({ appkey: APPKEY });
  const bot = await startExampleBot(emu.url, { authkey: device.authkey, appkey: APPKEY });
  recording = { emu, bot };
  await control.setWebhook(APPKEY, bot.url);
  const ana = control.contact(APPKEY, `+${CONTACT}`, { name: 'Ana' });
  const answer = (fits: (m: OutboxMessage) => boolean) => control.waitForOutbox(APPKEY, fits);
  const text = (m: OutboxMessage) => String(m.content.message);

  await ana.says('oi');
  await answer((m) => m.kind === 'buttons');
  await ana.clicks('Cardápio');
  const poll = await answer((m) => m.kind === 'poll');
  await ana.votes(['Calabresa']);
  const chosen = await answer((m) => text(m).startsWith('Ótima escolha'));
  await ana.reacts('👍', chosen.id);
  await ana.says('Sim', { replyTo: poll.id });
  await answer((m) => m.kind === 'reply');
  await ana.sharesLocation(-23.56, -46.65, 'Casa');
  await answer((m) => text(m).startsWith('Recebemos sua localização'));
  await ana.sendsFile({ url: 'https://exemplo.com/pix.pdf', caption: 'o comprovante' });
  await answer((m) => text(m).startsWith('Recebemos o arquivo'));
  await ana.says('obrigado');
  await answer((m) => m.kind === 'reaction');

  const page = await control.chat(APPKEY, CONTACT);
  return conversationFile({ device: APPKEY, messages: page.mensagens });
}

/**
 * Runs `chatbot test` on the exported file against a new example bot and the emulator the run starts (its own
 * numbers and keys); expects every conversation to pass, and gives the report.
 */
async function passesOnAFreshEmulator(name: string, exported: string): Promise<string> {
  const file = join(dir, name);
  writeFileSync(file, exported);
  const port = await freePort();
  const bot = await startExampleBot(`http://127.0.0.1:${port}`, KEYS);
  try {
    const result = await box.run(['test', file, '--bot-url', bot.url, '--port', String(port)], {
      env: { CHATBOT_AUTHKEY: KEYS.authkey },
    });
    expect(result.exitCode, `${exported}\n${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stdout).toContain('Conversations: 1 passed, 0 failed, 0 skipped');
    return result.stdout;
  } finally {
    await bot.stop();
  }
}

it('a chat exported from the console passes `chatbot test` against the same bot (exit 0)', async () => {
  const exported = await recordChat();
  for (const step of ['say: "oi"', 'click: "Cardápio"', 'vote: "Calabresa"', 'react: "👍"', 'reply: "Sim"'])
    expect(exported).toContain(`- ${step}`);
  expect(exported).toContain('quoting: "Qual sabor você quer?"');
  expect(exported).toContain('location: {"latitude":-23.56');
  expect(exported).toContain('media: {"url":"https://exemplo.com/pix.pdf"');
  expect(exported).toContain('expect: {"kind":"reaction","emoji":"❤️"}');
  const stdout = await passesOnAFreshEmulator('exported.yaml', exported);
  expect(stdout).toContain('expect text "Ótima escolha: Calabresa! Seu pedido foi anotado."');
});

it('a contact without a name exports as going by its number, and the file passes with a new number', async () => {
  const emu = await startEmulator({ port: 0, db: ':memory:' });
  const control = new ControlClient(emu.url);
  const device = await control.setup({ appkey: APPKEY });
  const recorder = await startExampleBot(emu.url, { authkey: device.authkey, appkey: APPKEY });
  const unnamed = '5521987650001';
  let exported: string;
  try {
    await control.setWebhook(APPKEY, recorder.url);
    await control.contact(APPKEY, `+${unnamed}`).says('oi');
    await control.waitForOutbox(APPKEY, (m) => m.kind === 'buttons');
    const page = await control.chat(APPKEY, unnamed);
    exported = conversationFile({ device: APPKEY, messages: page.mensagens, contact: { name: '', number: unnamed } });
  } finally {
    await recorder.stop();
    await emu.close();
  }
  expect(exported).toContain('contact: "{{contact.number}}"');
  expect(exported).toContain('expect: "Olá, {{contact.number}}! Eu sou o bot da Pizzaria Bella."');
  await passesOnAFreshEmulator('unnamed.yaml', exported);
});

// The screenshots of docs/console.md (docs/console/*.png): an emulator from dist/ with a conversation of every kind,
// the console opened on each view at 1280 px and the phone at 375 px, light and dark, in Debian's Chromium (/usr/bin/chromium, as the browser tests run it).
//
//   npm run console:screenshots            (into docs/console/)
//   node scripts/console-screenshots.mjs DIR   (into DIR, after `npm run build`)
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { launchChromium } from '../bench/console.mjs';

// Typed from the sources the bundle is built from: the type check of scripts/ (tsconfig.scripts.json) reads them,
// not the bundle's chunks.
/** @type {typeof import('../src/emulator/testing/index.js')} */
const { startEmulator } = await import(new URL('../dist/emulator.js', import.meta.url).href);

const DOCS = new URL('../docs/console/', import.meta.url);
const CONTACT = '5521998765432';

/** A conversation with every kind the bot sends, the contact's answers, a pending schedule and a device to pair. */
async function seed(emu) {
  const { control } = emu;
  const device = await control.setup({ webhook: `${emu.url}/__emulator/health` });
  const send = async (body) => {
    const res = await fetch(`${emu.url}/api/create-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appkey: device.appkey, authkey: device.authkey, to: CONTACT, ...body }),
    });
    return (await res.json()).data?.idMensagem;
  };
  await control.inbound(device.appkey, 'text', { de: CONTACT, nome: 'Ana', mensagem: 'Oi! Quero fazer um pedido' });
  const hello = await send({ message: 'Olá *Ana*! _Bem-vinda_ à ~antiga~ nova loja. Código: ```A-42```' });
  await send({
    message: 'O que deseja?',
    buttons: [
      { type: 'replyButton', displaytext: 'Cardápio' },
      { type: 'replyButton', displaytext: 'Falar com atendente' },
      { type: 'urlButton', displaytext: 'Site', action: 'https://exemplo.com' },
    ],
  });
  await control.inbound(device.appkey, 'text', { de: CONTACT, nome: 'Ana', mensagem: 'Cardápio', idMensagem: hello });
  const poll = await send({ message: 'Qual sabor?', opcoes: ['Manga', 'Caju', 'Goiaba'] });
  await control.inbound(device.appkey, 'poll_vote', { de: CONTACT, idMensagem: poll, opcoes: ['Caju'] });
  await send({
    message: 'Promoções',
    cards: [
      { title: 'Combo 1', buttons: [{ type: 'quickReplyButton', displaytext: 'Quero', id: 'c1' }] },
      { title: 'Combo 2', buttons: [{ type: 'quickReplyButton', displaytext: 'Quero', id: 'c2' }] },
    ],
  });
  await send({ latitude: '-8.05', longitude: '-34.88', message: 'Nossa loja' });
  await send({ file: 'https://exemplo.com/boleto.pdf', message: 'boleto.pdf', descricao: 'Seu boleto' });
  await control.inbound(device.appkey, 'reaction', { de: CONTACT, idMensagem: poll, emoji: '👍' });
  await send({ agendamento: '2099-01-01 09:00:00', message: 'Lembrete do pedido' });
  await control.setup({ connected: false, phone: '+5511987650000' });
  await control.faults.add({ operation: 'sendText', error: 'license', times: 1 });
  return { device, hello };
}

/**
 * The delivery panel's scene: a bot whose webhook answers 500 with a Python traceback's last line, and that sent with
 * a wrong authkey; the contact's message retrying, the refused send in the chat, the panel open on it.
 */
async function deliveryScene(emu, browser) {
  const bot = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: "KeyError: 'texto'" }));
    });
  });
  await new Promise((done) => bot.listen(0, '127.0.0.1', () => done(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (bot.address());
  try {
    const device = await emu.control.setup({ webhook: `http://127.0.0.1:${port}/webhook` });
    const contact = '5521987654321';
    await emu.control.faults.clear();
    const id = await emu.control.inbound(device.appkey, 'text', {
      de: contact,
      nome: 'Bia',
      mensagem: 'Oi, tem pizza?',
    });
    await fetch(`${emu.url}/api/create-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        appkey: device.appkey,
        authkey: 'chave-antiga-do-bot-0000000000',
        to: contact,
        message: 'Olá!',
      }),
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
    await page.goto(`${emu.url}/?device=${device.id}&contact=${contact}`);
    await page.locator(`[data-message-id="${id}"][data-delivery=retrying]`).waitFor();
    await page.getByTestId('rejected-request').waitFor();
    await page.locator(`[data-message-id="${id}"]`).getByRole('button', { name: 'Inspect this message' }).click();
    await page.getByTestId('inspector').getByTestId('webhook-answer').first().waitFor();
    await shoot(page, 'delivery');
  } finally {
    bot.close();
  }
}
/** Where the pictures go: docs/console/, or the folder given (to look at them before they replace the docs'). */
const OUT = process.argv[2] ? new URL(process.argv[2].replace(/\/?$/, '/'), `file://${process.cwd()}/`) : DOCS;

async function shoot(page, name) {
  await page.screenshot({ path: new URL(`${name}.png`, OUT).pathname });
  console.log(new URL(`${name}.png`, OUT).pathname);
}

/**
 * The page as it stands once its live stream is open and has given the chat list (the contact's chat, Ana's) and the
 * armed fault's badge: a picture taken on the first reads alone shows "connecting" and an empty list.
 */
async function settled(page) {
  await page.getByTestId('live').and(page.locator('[data-state=open]')).waitFor();
  await page
    .getByRole('region', { name: /^Chats of / })
    .getByText('Ana')
    .first()
    .waitFor();
}

/** Every view at 1280 px, in one colour scheme (`suffix` '' for light, '-dark'). */
async function desktop(browser, emu, { device, hello }, colorScheme, suffix) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 820 }, colorScheme });
  await page.goto(`${emu.url}/?device=${device.id}&contact=${CONTACT}`);
  await page.locator('[data-testid=message][data-kind=schedule]').waitFor();
  await settled(page);
  await shoot(page, `phone${suffix}`);
  const message = page.locator(`[data-message-id="${hello}"]`);
  await message.getByRole('button', { name: 'Inspect this message' }).click();
  await page.getByTestId('inspector').getByText('POST /api/create-message').waitFor();
  await message.getByRole('button', { name: 'React to this message' }).click();
  await shoot(page, `inspector${suffix}`);
  await page.getByRole('button', { name: 'Devices' }).click();
  await page.locator('[data-testid=device][data-connected=false] img[data-testid=pairing-qr]').waitFor();
  await shoot(page, `devices${suffix}`);
  await page.getByRole('button', { name: 'Logs' }).click();
  await page.getByTestId('request-row').first().waitFor();
  await shoot(page, `logs${suffix}`);
  await page.getByRole('button', { name: 'Test controls' }).click();
  await page.getByTestId('fault-rule').first().waitFor();
  await shoot(page, `controls${suffix}`);
  await page.close();
}

/** The phone at 375 px: the chat list, then a chat. */
async function phone(browser, emu, { device }, colorScheme, suffix) {
  const page = await browser.newPage({ viewport: { width: 375, height: 740 }, colorScheme, hasTouch: true });
  await page.goto(emu.url);
  await page
    .getByRole('region', { name: /^Chats of / })
    .first()
    .waitFor();
  await settled(page);
  await shoot(page, `chats-375${suffix}`);
  await page.goto(`${emu.url}/?device=${device.id}&contact=${CONTACT}`);
  await page.locator('[data-testid=message][data-kind=schedule]').waitFor();
  await page.getByTestId('composer').blur();
  await shoot(page, `phone-375${suffix}`);
  await page.close();
}

mkdirSync(OUT, { recursive: true });
const emu = await startEmulator({ port: 0 });
const browser = await launchChromium();
try {
  const seeded = await seed(emu);
  for (const [colorScheme, suffix] of [
    ['light', ''],
    ['dark', '-dark'],
  ]) {
    await desktop(browser, emu, seeded, colorScheme, suffix);
    await phone(browser, emu, seeded, colorScheme, suffix);
  }
  await deliveryScene(emu, browser);
} finally {
  await browser.close();
  await emu.close();
}

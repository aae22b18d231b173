// The phone in real Chromium: every message kind rendered as the app would, acting as the contact reaches the bot's
// webhook as the right events, and live messages appear without a reload, also after the stream was dropped.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../emulator/e2e/helpers/webhook-receiver.js';
import { waitFor } from '../support/wait-for.js';
import type { Page } from 'playwright-core';
import { FIRST_FRAME_MARK } from '../../src/emulator/console/page/first-frame.js';
import { MESSAGE_KINDS } from '../../src/cli/commands/test/file-types.js';
import { botSends, CONTACT, openChat, SCREENSHOTS, useConsole } from './support/console.js';

const t = useConsole();

/** The query of every chat read the page makes, in order. */
function chatReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/__emulator/chat?')) reads.push(new URL(request.url()).search);
  });
  return reads;
}

/** Holds the page's live stream until the returned function lets it open. */
async function holdStream(page: Page): Promise<() => void> {
  let openStream: () => void = () => undefined;
  const streamMayOpen = new Promise<void>((resolve) => (openStream = resolve));
  await page.route('**/__emulator/events?**', async (route) => {
    await streamMayOpen;
    await route.continue();
  });
  return openStream;
}

async function deviceWithReceiver() {
  const receiver = await WebhookReceiver.start();
  const device = await t.control.setup({ webhook: receiver.url });
  return { receiver, device };
}

describe('the phone', () => {
  it('renders every kind of message the bot can send, and the contact’s', async () => {
    const device = await t.control.setup();
    const send = (body: Record<string, unknown>) => botSends(t.emu.url, device, body);
    const text = await send({ message: '*Olá* _Ana_ ~velho~ ```mono```' });
    await send({ message: 'Escolha', buttons: [{ type: 'replyButton', displaytext: 'Sim' }] });
    await send({ message: 'Sabor?', opcoes: ['Manga', 'Caju'] });
    await send({
      message: 'Cards',
      cards: [{ title: 'A', buttons: [{ type: 'quickReplyButton', displaytext: 'Quero', id: 'q' }] }],
    });
    await send({ latitude: '-8.05', longitude: '-34.88' });
    await send({ file: 'https://exemplo.com/boleto.pdf', message: 'boleto.pdf', descricao: 'Seu boleto' });
    const template = await t.control.createTemplate(device.authkey, 'Olá {{nome}}', ['Confirmar']);
    await send({ template_id: template, variables: { nome: 'Ana' } });
    await send({ message: 'Respondendo', idMensagem: text.data?.idMensagem, respostaMensagem: 'Olá Ana' });
    await send({ reactionMessage: true, message: '👍', id: text.data?.idMensagem });
    await send({ agendamento: '2099-01-01 09:00:00', message: 'Mais tarde' });
    await t.control.inbound(device.appkey, 'text', { de: CONTACT, mensagem: 'Oi bot' });
    const page = await t.page();
    await openChat(page, t.emu.url, device);
    for (const kind of MESSAGE_KINDS) {
      await expect
        .poll(() => page.locator(`[data-testid=message][data-kind=${kind}]`).count(), { message: kind })
        .toBeGreaterThan(0);
    }
    const formatted = page.locator(`[data-message-id="${text.data?.idMensagem ?? ''}"]`);
    expect(await formatted.locator('strong').textContent()).toBe('Olá');
    expect(await formatted.locator('em').textContent()).toBe('Ana');
    expect(await formatted.locator('s').textContent()).toBe('velho');
    expect(await formatted.getAttribute('data-direction')).toBe('out');
    expect(await page.locator('[data-testid=message][data-direction=in]').count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-kinds.png') });
    const storyDevice = await t.control.setup();
    await botSends(t.emu.url, storyDevice, { story: true, message: 'Promoção' });
    await openChat(page, t.emu.url, storyDevice, 'status@broadcast');
    await page.locator('[data-testid=message][data-kind=story]').waitFor();
  });

  it('clicking a button, voting and typing each reach the webhook as the events `emulator trigger` sends', async () => {
    const { receiver, device } = await deviceWithReceiver();
    try {
      const buttons = await botSends(t.emu.url, device, {
        message: 'Confirma?',
        buttons: [
          { type: 'replyButton', displaytext: 'Sim' },
          { type: 'replyButton', displaytext: 'Não' },
        ],
      });
      const poll = await botSends(t.emu.url, device, { message: 'Sabor?', opcoes: ['Manga', 'Caju'] });
      const page = await t.page();
      await openChat(page, t.emu.url, device);
      await page.getByTestId('reply-button').filter({ hasText: 'Não' }).click();
      const click = await receiver.waitForEvent((e) => e.evento === 'button');
      expect(click).toMatchObject({
        tipo: 'Chat',
        remetente: CONTACT,
        opcao: { id: '2', texto: 'Não' },
        idMensagemOriginal: buttons.data?.idMensagem,
      });
      await page.getByTestId('poll-option').filter({ hasText: 'Caju' }).click();
      const vote = await receiver.waitForEvent((e) => e.evento === 'poll_vote');
      expect(vote).toMatchObject({ idEnquete: poll.data?.idMensagem, opcoes: ['Caju'], pergunta: 'Sabor?' });
      await expect
        .poll(() => page.getByTestId('poll-option').filter({ hasText: 'Caju' }).getAttribute('aria-pressed'))
        .toBe('true');
      await page.getByTestId('composer').fill('Quero saber mais');
      await page.getByTestId('composer').press('Enter');
      const typed = await receiver.waitForEvent((e) => e.evento === 'text' && e.tipo === 'Chat');
      expect(typed).toMatchObject({ mensagem: 'Quero saber mais', chat: CONTACT });
      await page.getByRole('button', { name: 'Reply quoting this message' }).first().click();
      await page.getByTestId('composer').fill('Sobre isso');
      await page.getByTestId('composer').press('Enter');
      const quoted = await receiver.waitForEvent((e) => e.mensagem === 'Sobre isso');
      expect(quoted).toMatchObject({ idMensagemCitada: buttons.data?.idMensagem, mensagemCitada: 'Confirma?' });
      expect(receiver.events((e) => e.tipo === 'Chat')).toHaveLength(4);
    } finally {
      await receiver.close();
    }
  });

  it('reacts as the contact, and the inspector shows a message’s request, answer and webhook attempts, and redelivers', async () => {
    const { receiver, device } = await deviceWithReceiver();
    try {
      const sent = await botSends(t.emu.url, device, { message: 'Reaja aqui' });
      const id = sent.data?.idMensagem ?? '';
      const page = await t.page();
      await openChat(page, t.emu.url, device);
      const message = page.locator(`[data-testid=message][data-message-id="${id}"]`);
      await message.getByLabel('React to this message').click();
      await message.getByRole('button', { name: 'React ❤️' }).click();
      const reaction = await receiver.waitForEvent((e) => e.evento === 'reaction');
      expect(reaction).toMatchObject({ remetente: CONTACT, idMensagemOriginal: id, emoji: '❤️', removida: false });
      await expect.poll(() => message.getByLabel('Reactions').textContent()).toBe('❤️');

      await message.getByRole('button', { name: 'Inspect this message' }).click();
      const inspector = page.getByTestId('inspector');
      await inspector.getByText('POST /api/create-message').waitFor();
      const shown = (await inspector.textContent()) ?? '';
      expect(shown).toContain(id);
      expect(shown).not.toContain(device.authkey);
      expect(shown).not.toContain(device.appkey);

      // The device's own send is an event too (tipo Me): one attempt, answered 200 by the receiver.
      const attempt = inspector.getByTestId('webhook-attempt');
      await expect.poll(() => attempt.count()).toBe(1);
      expect(await attempt.getAttribute('data-status')).toBe('200');
      await attempt.getByRole('button', { name: 'Redeliver', exact: true }).click();
      const twice = await receiver.waitForEvents((e) => e.tipo === 'Me' && e.idMessagem === id, 2);
      expect(twice[1]).toEqual(twice[0]);
      await expect.poll(() => attempt.count()).toBe(2);
    } finally {
      await receiver.close();
    }
  });

  it('follows only its open chat’s messages, and still lists and counts another chat, its unread in the title', async () => {
    const device = await t.control.setup();
    const page = await t.page();
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/__emulator/events')) streams.push(new URL(request.url()).search);
    });
    await openChat(page, t.emu.url, device);
    await expect.poll(() => streams.at(-1)).toMatch(new RegExp(`chats=${device.id}%3A${CONTACT}&logs=false`));
    const other = '5511911110000';
    await t.control.inbound(device.appkey, 'text', { de: other, mensagem: 'oi', nome: 'Bia' });
    await t.control.inbound(device.appkey, 'text', { de: other, mensagem: 'tudo bem?' });
    const listed = page.getByRole('button', { name: /^Bia/ });
    await expect.poll(() => listed.textContent()).toMatch(/2 messages/);
    await expect.poll(() => page.title()).toBe('(2) chatbot emulator');
    await page.getByRole('button', { name: 'Logs', exact: true }).click();
    await expect.poll(() => streams.at(-1)).toMatch(/logs=true/);
  });

  it('draws a deep link’s chat from the reads in its page before its stream opens, then takes it from the stream', async () => {
    const device = await t.control.setup();
    const text = '</script><script>document.title = "injected"</script> antes';
    const before = await botSends(t.emu.url, device, { message: text });
    const page = await t.page();
    const reads = chatReads(page);
    const openStream = await holdStream(page);
    await openChat(page, t.emu.url, device);
    const first = page.locator(`[data-message-id="${before.data?.idMensagem ?? ''}"]`);
    await first.waitFor();
    expect(await first.textContent()).toContain(text);
    // The page's script alone (its first reads are taken out once read): the message's text started no element.
    expect(await page.locator('script').count()).toBe(1);
    // Only the stream's snapshot can show this one.
    const meanwhile = await botSends(t.emu.url, device, { message: 'no meio' });
    openStream();
    await page.locator(`[data-message-id="${meanwhile.data?.idMensagem ?? ''}"]`).waitFor();
    await expect.poll(() => page.getByTestId('message').count()).toBe(2);
    // No read beside the stream: the chat's page came in its snapshot.
    expect(reads).toEqual([]);
  });

  it('opens its stream once its first frame is presented', async () => {
    const device = await t.control.setup();
    const page = await t.page();
    await page.addInitScript(() => {
      const Original = window.EventSource;
      window.EventSource = class extends Original {
        constructor(...args: ConstructorParameters<typeof EventSource>) {
          super(...args);
          (window as { streamOpenedAt?: number }).streamOpenedAt ??= performance.now();
        }
      };
    });
    await openChat(page, t.emu.url, device);
    await page.getByRole('status').filter({ hasText: 'live' }).waitFor();
    const [presented, streamOpened] = await page.evaluate(async (mark) => {
      // Element Timing's entries are kept for an observer that asks for those buffered, not in the timeline.
      const title = await new Promise<number>((resolve) =>
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[]) {
            if (entry.identifier === mark) resolve(entry.renderTime);
          }
        }).observe({ type: 'element', buffered: true }),
      );
      return [title, (window as { streamOpenedAt?: number }).streamOpenedAt];
    }, FIRST_FRAME_MARK);
    expect(presented).toBeGreaterThan(0);
    expect(streamOpened).toBeGreaterThan(presented);
  });

  it('empties an open chat when the emulator is reset', async () => {
    const device = await t.control.setup();
    await botSends(t.emu.url, device, { message: 'antes do reset' });
    const page = await t.page();
    await openChat(page, t.emu.url, device);
    await expect.poll(() => page.getByTestId('message').count()).toBe(1);
    await t.control.reset();
    await expect.poll(() => page.getByTestId('message').count()).toBe(0);
  });

  it('empties a deep link’s chat when the emulator was reset before its stream opened', async () => {
    const device = await t.control.setup();
    await botSends(t.emu.url, device, { message: 'antes do reset' });
    const page = await t.page();
    const openStream = await holdStream(page);
    await openChat(page, t.emu.url, device);
    await expect.poll(() => page.getByTestId('message').count()).toBe(1);
    await t.control.reset();
    openStream();
    // The stream opens with a snapshot of the state after the reset.
    await expect.poll(() => page.getByTestId('message').count(), { timeout: 10_000 }).toBe(0);
  });

  it('shows a message arriving while it is open, and after the stream is dropped resumes with nothing lost or doubled', async () => {
    const device = await t.control.setup();
    await botSends(t.emu.url, device, { message: 'primeira' });
    const page = await t.page();
    await openChat(page, t.emu.url, device);
    const messages = page.getByTestId('message');
    await expect.poll(() => messages.count()).toBe(1);
    await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
    const second = await botSends(t.emu.url, device, { message: 'segunda' });
    await page.locator(`[data-message-id="${second.data?.idMensagem ?? ''}"]`).waitFor();
    await waitFor(async () => (await t.control.disconnectEvents()) > 0, { what: 'the console’s stream to drop' });
    const during = await botSends(t.emu.url, device, { message: 'durante a queda' });
    await t.control.inbound(device.appkey, 'text', { de: CONTACT, mensagem: 'do contato' });
    await page.locator(`[data-message-id="${during.data?.idMensagem ?? ''}"]`).waitFor();
    await expect.poll(() => messages.count()).toBe(4);
    const ids = await messages.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-message-id')));
    expect(new Set(ids).size).toBe(4);
    expect(await page.evaluate(() => 'loadedOnce' in window), 'the page was not reloaded').toBe(true);
  });
});

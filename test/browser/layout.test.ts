// The console at every size and by keyboard, in real Chromium: a phone-sized window with the chat as its own scroller
// and the composer in view, a deep link ready to type, the skip link, one tab stop per chat with arrow keys between
// its messages, the react control a button whose palette closes after a choice, message tools on hover and focus,
// three panes at desktop width, whom you play in the header, icons that need no emoji font, a reaction shown once.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WebhookReceiver } from '../emulator/e2e/helpers/webhook-receiver.js';
import type { TestDevice } from '../../src/emulator/testing/types.js';
import { botSends, CONTACT, openChat, useConsole } from './support/console.js';

const t = useConsole();

/** A device with `count` texts from the bot to the contact; their ids, oldest first. */
async function chatWith(count: number, device?: TestDevice): Promise<{ device: TestDevice; ids: string[] }> {
  const used = device ?? (await t.control.setup());
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const sent = await botSends(t.emu.url, used, { message: `Mensagem ${i + 1}` });
    ids.push(sent.data?.idMensagem ?? '');
  }
  return { device: used, ids };
}

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
const focusedMessageId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-message-id') ?? null);

describe('the console at 375 px', () => {
  it('shows a chat as its own scroller with the composer in view, and the page itself never scrolls', async () => {
    const { device } = await chatWith(25);
    const page = await t.page({ viewport: { width: 375, height: 667 } });
    await openChat(page, t.emu.url, device);
    await page.getByTestId('message').last().waitFor();
    const composer = await page.getByTestId('composer').boundingBox();
    expect(composer).not.toBeNull();
    expect((composer?.y ?? 0) + (composer?.height ?? 0)).toBeLessThanOrEqual(667);
    expect(composer?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((composer?.x ?? 0) + (composer?.width ?? 0)).toBeLessThanOrEqual(375);
    const page_ = await page.evaluate(() => ({
      height: document.scrollingElement?.scrollHeight ?? Infinity,
      width: document.scrollingElement?.scrollWidth ?? Infinity,
      inner: { height: innerHeight, width: innerWidth },
    }));
    expect(page_.height).toBeLessThanOrEqual(page_.inner.height);
    expect(page_.width).toBeLessThanOrEqual(page_.inner.width);
    const list = await page
      .getByRole('log')
      .evaluate((element) => ({ scrolls: element.scrollHeight > element.clientHeight }));
    expect(list.scrolls).toBe(true);
    // The list or the chat (or the inspector): one at a time, each closed back to the one before.
    expect(await page.getByRole('region', { name: /^Chats of / }).isVisible()).toBe(false);
    await page.getByTestId('message').last().getByRole('button', { name: 'Inspect this message' }).click();
    await page.getByTestId('inspector').waitFor();
    expect(await page.getByTestId('composer').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Close the inspector' }).click();
    await page.getByTestId('composer').waitFor();
    await page.getByRole('button', { name: /^Close the chat/ }).click();
    await page.getByRole('region', { name: /^Chats of / }).waitFor();
  });
});

describe('the console by keyboard', () => {
  it('focuses the composer of a deep link’s chat', async () => {
    const { device } = await chatWith(2);
    const page = await t.page();
    await openChat(page, t.emu.url, device);
    await expect.poll(() => focusedTestId(page)).toBe('composer');
  });

  it('has a skip link to the composer as the first tab stop', async () => {
    const { device } = await chatWith(2);
    const page = await t.page();
    await page.goto(t.emu.url);
    await page
      .getByRole('region', { name: /^Chats of / })
      .first()
      .waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedTestId(page)).toBe('skip-to-composer');
    // Shown once focused (it waits above the page until then).
    expect((await page.getByTestId('skip-to-composer').boundingBox())?.y).toBeGreaterThanOrEqual(0);
    await openChat(page, t.emu.url, device);
    await expect.poll(() => focusedTestId(page)).toBe('composer');
    // From the top of the page (the focus moved there by a click), the link is the stop before everything.
    await page.getByRole('heading', { name: 'chatbot emulator' }).click();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedTestId(page)).toBe('skip-to-composer');
    await page.keyboard.press('Enter');
    expect(await focusedTestId(page)).toBe('composer');
  });

  it('makes a chat one tab stop, with arrow keys, Home and End moving between its messages', async () => {
    const { device, ids } = await chatWith(6);
    await t.control.inbound(device.appkey, 'text', { de: CONTACT, mensagem: 'Oi' });
    const page = await t.page();
    await openChat(page, t.emu.url, device);
    await page.getByTestId('message').nth(6).waitFor();
    // Backwards from the composer: the newest message's controls, then the message itself, then out of the list.
    const log = page.getByRole('log');
    const inList = () => log.evaluate((list) => list.contains(document.activeElement));
    await page.getByTestId('composer').focus();
    let stops = 0;
    const messagesVisited = new Set<string>();
    for (;;) {
      await page.keyboard.press('Shift+Tab');
      if (!(await inList())) break;
      stops += 1;
      const id = await page.evaluate(
        () => document.activeElement?.closest('[data-testid=message]')?.getAttribute('data-message-id') ?? '',
      );
      messagesVisited.add(id);
      expect(stops).toBeLessThan(10);
    }
    expect(messagesVisited.size).toBe(1);
    // Every stop was inside one message: its three tools and the message.
    expect(stops).toBe(4);
    await page.getByTestId('composer').focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+Tab');
    const newest = await focusedMessageId(page);
    expect(newest).not.toBeNull();
    await page.keyboard.press('ArrowUp');
    expect(await focusedMessageId(page)).toBe(ids[5]);
    await page.keyboard.press('ArrowUp');
    expect(await focusedMessageId(page)).toBe(ids[4]);
    await page.keyboard.press('ArrowDown');
    expect(await focusedMessageId(page)).toBe(ids[5]);
    await page.keyboard.press('Home');
    await expect.poll(() => focusedMessageId(page)).toBe(ids[0]);
    await page.keyboard.press('End');
    await expect.poll(() => focusedMessageId(page)).toBe(newest);
    // The message moved to is the list's one stop: Tab from outside comes back to it.
    await page.keyboard.press('ArrowUp');
    await page.getByTestId('composer').focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+Tab');
    expect(await focusedMessageId(page)).toBe(ids[5]);
  });

  it('reacts through a real button whose palette closes after the choice (and on Escape)', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const device = await t.control.setup({ webhook: receiver.url });
      const { ids } = await chatWith(1, device);
      const page = await t.page();
      await openChat(page, t.emu.url, device);
      const message = page.locator(`[data-message-id="${ids[0] ?? ''}"]`);
      const toggle = message.getByRole('button', { name: 'React to this message' });
      expect(await toggle.evaluate((element) => element.tagName)).toBe('BUTTON');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await message.getByRole('button', { name: 'React 👍' }).focus();
      await page.keyboard.press('Escape');
      expect(await message.getByRole('button', { name: 'React 👍' }).count()).toBe(0);
      expect(await focusedTestId(page)).toBeNull();
      expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
      await toggle.click();
      await message.getByRole('button', { name: 'React 😮' }).click();
      expect(await message.getByRole('button', { name: 'React 😮' }).count()).toBe(0);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      const reaction = await receiver.waitForEvent((e) => e.evento === 'reaction');
      expect(reaction).toMatchObject({ emoji: '😮' });
    } finally {
      await receiver.close();
    }
  });

  it('shows a message’s tools on hover and on focus only', async () => {
    const { device, ids } = await chatWith(2);
    const page = await t.page();
    await openChat(page, t.emu.url, device);
    await page.mouse.move(0, 0);
    const tools = (id: string | undefined) => page.locator(`[data-message-id="${id ?? ''}"] .tools`);
    const opacity = (id: string | undefined) => tools(id).evaluate((element) => getComputedStyle(element).opacity);
    expect(await opacity(ids[0])).toBe('0');
    await page.locator(`[data-message-id="${ids[0] ?? ''}"]`).hover();
    expect(await opacity(ids[0])).toBe('1');
    expect(await opacity(ids[1])).toBe('0');
    await page.mouse.move(0, 0);
    await page.locator(`[data-message-id="${ids[1] ?? ''}"]`).focus();
    expect(await opacity(ids[1])).toBe('1');
    expect(await opacity(ids[0])).toBe('0');
  });
});

describe('the console at 1280 px', () => {
  it('puts the chat list, the chat and the inspector side by side, the chat using the width', async () => {
    const { device, ids } = await chatWith(2);
    const page = await t.page({ viewport: { width: 1280, height: 800 } });
    await openChat(page, t.emu.url, device);
    const box = async (role: 'complementary' | 'region', name: RegExp) => {
      const found = await page.getByRole(role, { name }).boundingBox();
      if (!found) throw new Error(`no ${String(name)}`);
      return found;
    };
    const withInspector = async () => {
      const list = await box('complementary', /^Chats$/);
      const chat = await box('region', /^Chat with /);
      const inspector = await box('complementary', /^Inspector$/);
      expect(list.x + list.width).toBeLessThanOrEqual(chat.x);
      expect(chat.x + chat.width).toBeLessThanOrEqual(inspector.x);
      expect(inspector.x + inspector.width).toBeLessThanOrEqual(1280);
      expect(chat.width).toBeGreaterThan(1280 / 2 - 100);
      for (const pane of [list, chat, inspector]) expect(pane.y).toBeLessThan(chat.y + chat.height);
    };
    await withInspector();
    await page
      .locator(`[data-message-id="${ids[0] ?? ''}"]`)
      .getByRole('button', { name: 'Inspect this message' })
      .click();
    await page.getByTestId('inspector').waitFor();
    await withInspector();
  });

  it('lists each chat with its newest message’s words and time, kept up to date live', async () => {
    const { device } = await chatWith(1);
    await t.control.inbound(device.appkey, 'text', { de: '5511911112222', nome: 'Bia', mensagem: 'Quero o cardápio' });
    const page = await t.page();
    await page.goto(t.emu.url);
    const bia = page.getByRole('button', { name: /^Bia/ });
    await bia.waitFor();
    expect(await bia.textContent()).toContain('Quero o cardápio');
    expect(await bia.locator('time').textContent()).toMatch(/^\d\d:\d\d$/);
    await botSends(t.emu.url, device, { message: 'Segue o cardápio', to: '5511911112222' });
    await expect.poll(() => bia.textContent()).toContain('Segue o cardápio');
  });

  it('says in the chat’s header whom you are playing', async () => {
    const { device } = await chatWith(1);
    const page = await t.page();
    await openChat(page, t.emu.url, device);
    const header = page.getByRole('region', { name: /^Chat with / }).locator('header');
    expect(await header.textContent()).toContain('You are +55 21 99876-5432');
  });

  it('draws its icons as SVG (no emoji font needed) and shows a reaction once', async () => {
    const device = await t.control.setup();
    const send = (body: Record<string, unknown>) => botSends(t.emu.url, device, body);
    const text = await send({ message: 'Olá' });
    await send({ message: 'Links', buttons: [{ type: 'urlButton', displaytext: 'Site', action: 'https://x.com' }] });
    await send({ message: 'Ligue', buttons: [{ type: 'callButton', displaytext: 'Ligar', action: '5521999999999' }] });
    await send({ latitude: '-8.05', longitude: '-34.88' });
    await send({ file: 'https://exemplo.com/boleto.pdf', message: 'boleto.pdf' });
    await send({ agendamento: '2099-01-01 09:00:00', message: 'Mais tarde' });
    await t.control.inbound(device.appkey, 'reaction', { de: CONTACT, idMensagem: text.data?.idMensagem, emoji: '❤️' });
    await t.control.faults.add({ operation: 'sendText', error: 'license', times: 1 });
    const page = await t.page();
    await openChat(page, t.emu.url, device);
    const target = page.locator(`[data-message-id="${text.data?.idMensagem ?? ''}"]`);
    await target.getByRole('group', { name: 'Reactions' }).waitFor();
    await page.getByTestId('fault-badge').waitFor();
    const shown = await page.evaluate(() => document.body.innerText);
    for (const emoji of ['🔗', '📞', '📍', '📄', '⏰', 'ℹ', '☺', '⤓', '✕', '⚠'])
      expect(shown, `${emoji} drawn as text`).not.toContain(emoji);
    for (const name of ['Inspect this message', 'Reply quoting this message', 'React to this message'])
      expect(await target.getByRole('button', { name }).locator('svg').count()).toBe(1);
    // The reaction: on its message (drawn, with the emoji as its text), and its own event without it.
    expect(await target.getByRole('group', { name: 'Reactions' }).locator('svg').count()).toBe(1);
    expect(await target.getByRole('group', { name: 'Reactions' }).textContent()).toBe('❤️');
    const event = page.locator('[data-testid=message][data-kind=reaction]');
    expect(await event.textContent()).not.toContain('❤');
    expect(await event.locator('svg.icon-heart').count()).toBe(0);
  });
});

// The console explains a bot's mistakes where its developer looks, in words: for each of the seven common ones, a
// real bot process (test/cli/test/bots.ts) answers a contact who writes in the console's chat, and the chat shows the
// bot's refused send as a muted bubble with its status and reason, or the contact's message with its delivery state;
// the inspector's delivery panel shows both sides of each webhook attempt.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import type { TestDevice } from '../../src/emulator/testing/types.js';
import { startMistakenBot, type RunningBot } from '../cli/test/bots.js';
import { openChat, SCREENSHOTS, useConsole } from './support/console.js';

const t = useConsole();
let bot: RunningBot | undefined;
let second: RunningEmulator | undefined;

beforeAll(async () => {
  second = await startEmulator({ port: 0, db: ':memory:' });
});
afterEach(async () => {
  await bot?.stop();
  bot = undefined;
  await t.control.faults.clear();
});
afterAll(async () => {
  await second?.close();
});

type Keys = { authkey: string; appkey: string };

/** Each test writes as its own contact: a refusal whose keys named no device shows in every device's chat with it. */
let contacts = 0;
const nextContact = () => `55219900000${String((contacts += 1)).padStart(2, '0')}`;

interface Scene {
  page: Page;
  device: TestDevice;
  contact: string;
}

/**
 * A device whose webhook is a bot process with `mistake`, sending with `keys` (the device's own by default) to
 * `base` (this emulator by default); the console open on a contact's chat, where the contact has written "oi".
 */
async function scene(mistake: string, keys?: (device: TestDevice) => Keys, base?: string): Promise<Scene> {
  const device = await t.control.setup();
  bot = await startMistakenBot(mistake, base ?? t.emu.url, keys?.(device) ?? device);
  await t.control.setWebhook(device.appkey, bot.url);
  const contact = nextContact();
  const page = await t.page();
  await openChat(page, t.emu.url, device, contact);
  await page.getByTestId('composer').fill('oi');
  await page.getByTestId('composer').press('Enter');
  return { page, device, contact };
}

/** The muted bubble of the bot's refused send, once shown; its status and its words. */
async function refusal(page: Page): Promise<{ status: string | null; text: string }> {
  const bubble = page.getByTestId('rejected-request');
  await bubble.first().waitFor();
  return { status: await bubble.first().getAttribute('data-status'), text: (await bubble.first().textContent()) ?? '' };
}

const contactMessage = (page: Page) => page.locator('[data-testid=message][data-direction=in]').first();

describe('a bot’s mistakes, explained in the console’s chat', () => {
  it('a wrong authkey: the refused send says the authkey is no account of this emulator, masked', async () => {
    const wrong = 'chave-errada-do-bot-9876543210';
    const { page, device } = await scene('none', (d) => ({ authkey: wrong, appkey: d.appkey }));
    const refused = await refusal(page);
    expect(refused.status).toBe('401');
    expect(refused.text).toContain(`authkey ${wrong.slice(0, 4)}…(${wrong.length}) is not an account of this emulator`);
    expect(refused.text).not.toContain(wrong);
    expect(await page.content()).not.toContain(device.authkey);
    await page.locator('[data-testid=message][data-delivery=delivered]').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'refused-authkey.png') });
  });

  it('an appkey of another account: the refused send says whose device it is', async () => {
    const other = await t.control.setup();
    const { page } = await scene('none', (d) => ({ authkey: d.authkey, appkey: other.appkey }));
    const refused = await refusal(page);
    expect(refused.status).toBe('404');
    expect(refused.text).toContain(`is another account's`);
    expect(refused.text).toContain('(the authkey’s)'.replace('’', "'"));
  });

  it('a buttons message without displaytext: the refused send names the field by its path', async () => {
    const { page } = await scene('buttons-without-displaytext');
    const refused = await refusal(page);
    expect(refused.status).toBe('401');
    expect(refused.text).toContain('buttons[0].displaytext is missing');
    await contactMessage(page).getByRole('button', { name: 'Inspect this message' }).click();
    await page.getByTestId('inspector').getByTestId('webhook-answer').first().waitFor();
    expect(await page.getByTestId('bot-silent').count()).toBe(0);
  });

  it('a poll with 13 options: the refused send says the limit', async () => {
    const { page } = await scene('poll-13');
    const refused = await refusal(page);
    expect(refused.status).toBe('403');
    expect(refused.text).toContain('a poll has 13 options; the limit is 12');
  });

  it('a send refused by a fault rule: the bubble names the rule', async () => {
    const rule = await t.control.faults.add({ operation: 'sendText', error: 'rate-limit', times: 1 });
    const { page } = await scene('none');
    const refused = await refusal(page);
    expect(refused.status).toBe('429');
    expect(refused.text).toContain(`fault rule ${rule.id} (sendText → 429`);
    await page.getByRole('button', { name: 'Inspect the request' }).first().click();
    const inspector = page.getByTestId('inspector');
    await inspector.getByTestId('request-reason').waitFor();
    expect(await inspector.getByTestId('request-reason').textContent()).toContain(`fault rule ${rule.id}`);
  });

  it('a bot that answers its webhook 500: the contact’s message is retrying, and the panel shows the answer', async () => {
    const { page } = await scene('webhook-500');
    const retrying = page.locator('[data-testid=message][data-direction=in][data-delivery=retrying]');
    await retrying.waitFor();
    expect(await retrying.textContent()).toMatch(/the bot answered HTTP 500; retrying at \d\d:\d\d:\d\d/);
    await contactMessage(page).getByRole('button', { name: 'Inspect this message' }).click();
    const answer = page.getByTestId('inspector').getByTestId('webhook-answer').first();
    await answer.waitFor();
    expect(await answer.textContent()).toContain('the bot answered HTTP 500');
    await page.screenshot({ path: join(SCREENSHOTS, 'webhook-500.png') });
  });

  it('a bot that sends to another emulator: the run’s console shows the event delivered and nothing refused; the other one says why', async () => {
    const other = second as RunningEmulator;
    const { page } = await scene('none', undefined, other.url);
    await page.locator('[data-testid=message][data-direction=in][data-delivery=delivered]').waitFor();
    const elsewhere = await t.page();
    await elsewhere.goto(other.url);
    await elsewhere.getByRole('button', { name: 'Logs' }).click();
    const reason = elsewhere.locator('[data-testid=request-row][data-status="401"]').getByTestId('request-reason');
    await reason.first().waitFor();
    expect(await reason.first().textContent()).toContain('is not an account of this emulator');
    expect(await page.getByTestId('rejected-request').count()).toBe(0);
    await contactMessage(page).getByRole('button', { name: 'Inspect this message' }).click();
    const silent = page.getByTestId('inspector').getByTestId('bot-silent');
    await silent.waitFor();
    expect(await silent.textContent()).toContain(`Nothing from the bot in this chat`);
    expect(await silent.textContent()).toContain(`The bot must send to ${t.emu.url}`);
  });
});

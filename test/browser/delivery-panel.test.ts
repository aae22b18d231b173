// The delivery panel in real Chromium: a contact's message carries its delivery state; its inspector opens on the
// event that went out (headers and JSON, the appkey masked) and the bot's answer; "Copy as curl" gives a command that,
// run in a shell, posts the same event to the bot; "Edit and redeliver" posts the edited event with the device's own
// appkey; the Logs view's attempt rows open to the same two sides.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../emulator/e2e/helpers/webhook-receiver.js';
import { openChat, SCREENSHOTS, useConsole } from './support/console.js';

const t = useConsole();
const CONTACT = '5521990001111';

describe('the delivery panel', () => {
  it('shows both sides of an attempt; Copy as curl and Edit and redeliver reach the bot', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const device = await t.control.setup({ webhook: receiver.url });
      const page = await t.page();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.emu.url });
      await openChat(page, t.emu.url, device, CONTACT);
      await page.getByTestId('composer').fill('painel');
      await page.getByTestId('composer').press('Enter');
      const message = page.locator('[data-testid=message][data-direction=in][data-delivery=delivered]');
      await message.waitFor();
      expect(await message.textContent()).toContain('delivered to the bot');

      await message.getByRole('button', { name: 'Inspect this message' }).click();
      const inspector = page.getByTestId('inspector');
      const row = inspector.getByTestId('webhook-attempt').first();
      await row.getByTestId('webhook-body').waitFor();
      const sent = JSON.parse((await row.getByTestId('webhook-body').textContent()) ?? '') as Record<string, unknown>;
      expect(sent).toMatchObject({
        evento: 'text',
        mensagem: 'painel',
        chat: CONTACT,
        instancia: expect.stringMatching(/…/),
      });
      const answer = (await row.getByTestId('webhook-answer').textContent()) ?? '';
      expect(answer).toContain('the bot answered HTTP 200');
      expect(answer).toContain('OK');
      expect(await inspector.textContent()).not.toContain(device.appkey);
      await page.screenshot({ path: join(SCREENSHOTS, 'delivery-panel.png') });

      // The row closes and opens again by its line.
      await row.getByRole('button', { name: /hide what was sent and answered$/ }).click();
      expect(await row.getByTestId('webhook-body').count()).toBe(0);
      await row.getByRole('button', { name: /show what was sent and answered$/ }).click();
      await row.getByTestId('webhook-body').waitFor();

      await row.getByRole('button', { name: 'Copy as curl' }).click();
      await row.getByTestId('webhook-curl').waitFor();
      const command = await page.evaluate(() => navigator.clipboard.readText());
      expect(command).toMatch(/^curl -i -X POST /);
      await promisify(execFile)('sh', ['-c', command]);
      expect(await receiver.waitForEvents((event) => event.mensagem === 'painel', 2)).toHaveLength(2);

      await row.getByRole('button', { name: 'Edit and redeliver' }).click();
      const editor = row.getByTestId('webhook-edit');
      await editor.fill((await editor.inputValue()).replace('"painel"', '"editado"'));
      await row.getByRole('button', { name: 'Send the edited event' }).click();
      const edited = await receiver.waitForEvent((event) => event.mensagem === 'editado');
      expect(edited).toMatchObject({ idMessagem: sent.idMessagem, instancia: device.appkey });
      await expect.poll(() => inspector.getByTestId('webhook-attempt').count()).toBe(2);

      await page.getByRole('button', { name: 'Logs', exact: true }).click();
      const logged = page.getByTestId('webhook-attempt').filter({ hasText: 'text' }).first();
      await logged.getByRole('button', { name: /show what was sent and answered$/ }).click();
      expect(await logged.getByTestId('webhook-body').textContent()).toContain(CONTACT);
      await logged.getByTestId('webhook-answer').waitFor();
    } finally {
      await receiver.close();
    }
  });
});

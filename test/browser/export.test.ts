// "Export as a conversation test" in real Chromium: the chat view's button downloads the chat as the conversation
// file the export function writes of the whole chat (test/cli/test/export-round-trip.test.ts runs such a file).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { conversationFile } from '../../src/emulator/console/page/export/conversation-file.js';
import { botSends, CONTACT, openChat, useConsole } from './support/console.js';

const t = useConsole();

it('downloads the chat shown as a conversation file: the contact’s click a step, the bot’s messages expectations', async () => {
  const device = await t.control.setup();
  await t.control.contact(device.appkey, `+${CONTACT}`, { name: 'Ana' }).says('oi');
  await botSends(t.emu.url, device, {
    message: 'Escolha',
    buttons: [{ type: 'replyButton', displaytext: 'Sim' }],
  });
  const page = await t.page();
  await openChat(page, t.emu.url, device);
  await page.getByTestId('reply-button').filter({ hasText: 'Sim' }).click();
  await page.locator('[data-testid=message][data-direction=in][data-kind=reply]').waitFor();
  await botSends(t.emu.url, device, { message: 'Até logo: "a" # b' });
  await page.locator('[data-testid=message][data-direction=out]').filter({ hasText: 'Até logo' }).waitFor();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-conversation').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`conversation-${CONTACT}.yaml`);
  const file = readFileSync(await download.path(), 'utf8');
  const chat = await t.control.chat(device.appkey, CONTACT);
  const named = (await t.control.devices()).flatMap((account) => account.dispositivos).find((d) => d.id === device.id);
  expect(file).toBe(
    conversationFile({
      device: named?.nome ?? '',
      messages: chat.mensagens,
      contact: { name: 'Ana', number: CONTACT },
      emulatorUrl: t.emu.url,
      webhook: named?.webhook ?? '',
    }),
  );
  expect(file).toContain('contact: "Ana"');
  expect(file).not.toContain(device.authkey);
  expect(file).toContain('- click: "Sim"');
  expect(file).toContain('- expect: "Até logo: \\"a\\" # b"');
});

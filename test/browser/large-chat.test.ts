// A chat of 10,000 messages: only the messages on screen are in the DOM, and scrolling up reaches the first one.
// (Its opening time is measured by `npm run bench`, row (h); timing is never asserted here.)
import { describe, expect, it } from 'vitest';
import { CONTACT, openChat, useConsole } from './support/console.js';

const t = useConsole();
const COUNT = 10_000;

describe('a chat of 10,000 messages', () => {
  it(
    'keeps only what is on screen in the DOM, opens at the newest, and scrolls back to the first',
    { timeout: 120_000 },
    async () => {
      const device = await t.control.setup();
      const state = await t.control.exportState();
      const started = Date.parse('2030-01-01T00:00:00Z');
      state.tabelas.messages = Array.from({ length: COUNT }, (_, i) => ({
        seq: i + 1,
        id: `3EB0${String(i).padStart(16, '0')}`,
        device_id: device.id,
        destinatario: CONTACT,
        kind: 'text',
        content: JSON.stringify({ message: `Mensagem ${i + 1}` }),
        schedule_id: null,
        sent_at: started + i * 1000,
      }));
      await t.control.importState(state);
      const page = await t.page();
      await openChat(page, t.emu.url, device);
      const last = page.locator(`[data-message-id="3EB0${String(COUNT - 1).padStart(16, '0')}"]`);
      await last.waitFor();
      expect(await last.isVisible()).toBe(true);
      const inDom = await page.getByTestId('message').count();
      expect(inDom).toBeGreaterThan(0);
      expect(inDom).toBeLessThan(100);
      const list = page.getByRole('log');
      const first = page.locator(`[data-message-id="3EB0${'0'.repeat(16)}"]`);
      const oldestShown = () => page.getByTestId('message').first().getAttribute('data-message-id');
      while ((await first.count()) === 0) {
        const before = await oldestShown();
        await list.evaluate((element) => {
          element.scrollTop = 0;
          element.dispatchEvent(new Event('scroll'));
        });
        await expect.poll(oldestShown, { timeout: 15_000 }).not.toBe(before);
      }
      await first.waitFor();
      expect(await page.getByTestId('message').count()).toBeLessThan(100);
    },
  );
});

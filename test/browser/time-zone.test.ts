// The console shows times in the emulator's time zone (its `tz`, the zone of `agendamento` and `dataEnvio`), not in
// the browser's: here the emulator is in São Paulo (UTC−3) and the browser in Tokyo (UTC+9).
import { expect, it } from 'vitest';
import { botSends, CONTACT, useConsole } from './support/console.js';

const t = useConsole();

it("shows a message's time and the test clock in the emulator's zone, whatever the browser's zone", async () => {
  await t.control.clock.set('2030-01-01T12:34:56Z');
  const device = await t.control.setup();
  await botSends(t.emu.url, device, { message: 'Bom dia' });
  const context = await t.browser.newContext({ timezoneId: 'Asia/Tokyo' });
  try {
    const page = await context.newPage();
    expect(await page.evaluate(() => new Date('2030-01-01T12:34:56Z').getHours())).toBe(21);
    await page.goto(`${t.emu.url}/?device=${device.id}&contact=${CONTACT}`);
    const message = page.getByTestId('message').filter({ hasText: 'Bom dia' });
    await message.waitFor();
    // The minute the emulator stamped on it (its clock runs on from 12:34:56, however long the send took), in São Paulo.
    const [sent] = await t.control.outbox(device.appkey);
    const minute = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(sent?.timestamp ?? NaN));
    expect(minute).toMatch(/^09:3\d$/);
    expect(await message.locator('time').textContent()).toBe(minute);
    await page.getByRole('button', { name: 'Test controls' }).click();
    await page.getByTestId('clock').filter({ hasText: '(moved)' }).waitFor();
    expect(await page.getByTestId('clock').textContent()).toMatch(
      /^2030-01-01 09:3\d:\d\d America\/Sao_Paulo \(moved\)$/,
    );
  } finally {
    await context.close();
    await t.control.clock.reset();
  }
});

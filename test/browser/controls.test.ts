// Devices, test controls and security in real Chromium: pairing by the page's scan, the fault badge, the clock moved
// from the page sending a due schedule, and a page on another origin unable to change anything.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { botSends, openChat, SCREENSHOTS, useConsole } from './support/console.js';

const t = useConsole();

function wallClockIn(ms: number, now: Date): string {
  return new Date(now.getTime() + ms).toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' });
}

describe('devices', () => {
  it('pairs a device by the page’s scan action, and the page sees it connected', async () => {
    const device = await t.control.setup({ connected: false, phone: '+5511987650000' });
    const page = await t.page();
    await page.goto(t.emu.url);
    await page.getByRole('button', { name: 'Devices' }).click();
    const shown = page.locator(`[data-testid=device][data-device-id="${device.id}"]`);
    expect(await shown.getAttribute('data-connected')).toBe('false');
    await shown.getByTestId('pairing-qr').and(page.locator('img')).waitFor();
    await expect.poll(() => shown.getByText(/Pairing code \d{8}/).count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'devices.png') });
    await shown.getByTestId('scan').click();
    await expect.poll(() => shown.getAttribute('data-connected')).toBe('true');
    expect((await t.control.devices()).flatMap((a) => a.dispositivos).find((d) => d.id === device.id)?.conectado).toBe(
      true,
    );
    expect(await shown.getByTestId('pairing-qr').count()).toBe(0);
  });

  it('keeps keys masked unless revealed, one at a time', async () => {
    const device = await t.control.setup();
    const page = await t.page();
    await page.goto(t.emu.url);
    await page.getByRole('button', { name: 'Devices' }).click();
    const shown = page.locator(`[data-testid=device][data-device-id="${device.id}"]`);
    await shown.waitFor();
    const appkey = shown.locator('.key code');
    expect(await page.locator('body').textContent()).not.toContain(device.authkey);
    expect(await appkey.textContent()).toBe(`${device.appkey.slice(0, 4)}…(${device.appkey.length})`);
    await shown.getByRole('button', { name: 'Reveal appkey' }).click();
    expect(await appkey.textContent()).toBe(device.appkey);
    await page.getByRole('button', { name: 'Reveal authkey' }).last().click();
    expect(await page.locator('body').textContent()).toContain(device.authkey);
    expect(await appkey.textContent()).not.toBe(device.appkey);
  });
});

describe('test controls', () => {
  it('shows the fault badge on every view while a rule is armed, and not after', async () => {
    const page = await t.page();
    await page.goto(t.emu.url);
    await page.getByRole('status').filter({ hasText: 'live' }).waitFor();
    expect(await page.getByTestId('fault-badge').count()).toBe(0);
    const rule = await t.control.faults.add({ operation: 'sendText', error: 'internal' });
    for (const view of ['Phone', 'Devices', 'Logs', 'Test controls']) {
      await page.getByRole('button', { name: view, exact: true }).click();
      await page.getByTestId('fault-badge').waitFor();
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'controls.png') });
    await page.getByRole('button', { name: `Remove ${rule.id}` }).click();
    await page.getByTestId('fault-badge').waitFor({ state: 'detached' });
    expect(await t.control.faults.list()).toEqual([]);
  });

  it('advances the clock from the page, and the due schedule goes out into the chat', async () => {
    const device = await t.control.setup();
    const { now } = await t.control.clock.now();
    await botSends(t.emu.url, device, { agendamento: wallClockIn(3_600_000, now), message: 'Lembrete da consulta' });
    const page = await t.page();
    await openChat(page, t.emu.url, device);
    await page.locator('[data-testid=message][data-kind=schedule]').waitFor();
    await page.getByRole('button', { name: 'Test controls' }).click();
    await page.getByLabel('Advance by (90s, 15m, 2h, 1d)').fill('2h');
    await page.getByRole('button', { name: 'Advance', exact: true }).click();
    await expect.poll(() => page.getByTestId('clock').textContent()).toContain('(moved)');
    await page.getByRole('button', { name: 'Phone' }).click();
    const sent = page.locator('[data-testid=message][data-kind=text]').filter({ hasText: 'Lembrete da consulta' });
    await sent.waitFor();
    await expect.poll(() => page.locator('[data-testid=message][data-kind=schedule]').count()).toBe(0);
    expect((await t.control.outbox(device.appkey)).map((m) => m.content.message)).toEqual(['Lembrete da consulta']);
    await t.control.clock.reset();
  });

  it('lists requests and webhook attempts live in the logs', async () => {
    const device = await t.control.setup();
    const page = await t.page();
    await page.goto(t.emu.url);
    await page.getByRole('button', { name: 'Logs' }).click();
    await page.getByRole('status').filter({ hasText: 'live' }).waitFor();
    await botSends(t.emu.url, device, { message: 'registrado' });
    await page.getByTestId('request-row').filter({ hasText: 'sendText' }).first().waitFor();
    await page.getByLabel('Filter requests (path, operation, status)').fill('sendText');
    expect(await page.getByTestId('request-row').filter({ hasNotText: 'sendText' }).count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'logs.png') });
  });

  it('shows why a request was refused on its row', async () => {
    const device = await t.control.setup();
    const page = await t.page();
    await page.goto(t.emu.url);
    await page.getByRole('button', { name: 'Logs' }).click();
    await page.getByRole('status').filter({ hasText: 'live' }).waitFor();
    const refused = await fetch(`${t.emu.url}/api/create-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authkey: device.authkey, appkey: device.appkey, to: 'abc', message: 'Oi' }),
    });
    expect(refused.status).toBe(401);
    const row = page.locator('[data-testid=request-row][data-status="401"]');
    await row.getByTestId('request-reason').waitFor();
    expect(await row.getByTestId('request-reason').first().textContent()).toBe(
      'to "abc" is not a phone number or group id',
    );
  });
});

describe('another origin', () => {
  it('cannot change state: a page elsewhere posting to the control API is refused, and nothing changes', async () => {
    const device = await t.control.setup();
    await t.control.faults.add({ operation: 'sendPoll', error: 'internal' });
    const target = t.emu.url;
    const attacker: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><body><form id="f" method="POST" action="${target}/__emulator/reset" enctype="text/plain">
        <input name="x" value="y"></form><script>
        window.results = [];
        const post = (path, init) => fetch('${target}' + path, { method: 'POST', mode: 'no-cors', ...init })
          .then(() => 'sent', (e) => 'failed: ' + e.message);
        Promise.all([
          post('/__emulator/reset', { headers: { 'content-type': 'text/plain' }, body: '{}' }),
          post('/__emulator/faults/clear', {}),
          post('/__emulator/disconnect', { headers: { 'content-type': 'text/plain' }, body: '{"appkey":"${device.appkey}"}' }),
        ]).then((r) => { window.results = r; document.getElementById('f').submit(); });
      </script></body>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      const page = await t.page();
      const port = (attacker.address() as AddressInfo).port;
      const answers: number[] = [];
      page.on('response', (response) => {
        if (response.url().startsWith(`${target}/__emulator/`)) answers.push(response.status());
      });
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.waitForURL(`${target}/__emulator/reset`);
      expect(await page.locator('body').textContent()).toContain('Origem não permitida.');
      expect(answers).toContain(403);
      expect(
        (await t.control.devices()).flatMap((a) => a.dispositivos).find((d) => d.id === device.id)?.conectado,
      ).toBe(true);
      expect(await t.control.faults.list()).toHaveLength(1);
    } finally {
      attacker.close();
      await t.control.faults.clear();
    }
  });
});

// POST /__emulator/devices/webhook: a connected device's webhook address changes without pairing it again.
import { describe, expect, it } from 'vitest';
import {
  CONTACT,
  accountWithDevice,
  checkDevice,
  sendText,
  useTestEmulator,
  useWebhookReceiver,
} from './helpers/fixtures.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';
import { expectError, expectOk, postJson } from './helpers/http.js';
import { ControlClient } from '../../../src/emulator/testing/client.js';

const t = useTestEmulator();
const first = useWebhookReceiver();

describe('a device changes its webhook address', () => {
  it('stays connected, and the next events go to the new address only', async () => {
    const device = await accountWithDevice(t.emu.url, { webhook: first.receiver.url });
    const second = await WebhookReceiver.start();
    try {
      expectOk(await sendText(t.emu.url, device, CONTACT, 'antes'));
      await first.receiver.waitForEvent((event) => event.mensagem === 'antes');
      const changed = await postJson(t.emu.url, '/__emulator/devices/webhook', {
        appkey: device.appkey,
        webhook: second.url,
      });
      expect(expectOk(changed)).toEqual({ status: 200, message: 'Webhook alterado.', webhook: second.url });
      expect(await checkDevice(t.emu.url, device.authkey, device.nome)).toMatchObject({
        webhook: second.url,
        conectado: true,
      });
      expectOk(await sendText(t.emu.url, device, CONTACT, 'depois'));
      await second.waitForEvent((event) => event.mensagem === 'depois');
      expect(first.receiver.events((event) => event.mensagem === 'depois')).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('"" removes the webhook: no more events are queued', async () => {
    const device = await accountWithDevice(t.emu.url, { webhook: first.receiver.url });
    const control = new ControlClient(t.emu.url);
    expect(await control.setWebhook(device.appkey, '')).toBe('');
    expectOk(await sendText(t.emu.url, device, CONTACT, 'ninguém ouve'));
    expect(await control.webhooks(device.appkey)).toEqual([]);
    expect((await checkDevice(t.emu.url, device.authkey, device.nome)).webhook).toBe('');
  });

  it('refuses an address that is not http(s), a missing one, and an unknown device', async () => {
    const device = await accountWithDevice(t.emu.url, { webhook: first.receiver.url });
    const invalid = 'Campo obrigatório ausente ou inválido: webhook.';
    const path = '/__emulator/devices/webhook';
    expectError(await postJson(t.emu.url, path, { appkey: device.appkey, webhook: 'ftp://x' }), 400, invalid);
    expectError(await postJson(t.emu.url, path, { appkey: device.appkey }), 400, invalid);
    expectError(await postJson(t.emu.url, path, { appkey: 'nao-existe', webhook: first.receiver.url }), 404);
    expect((await checkDevice(t.emu.url, device.authkey, device.nome)).webhook).toBe(first.receiver.url);
  });
});

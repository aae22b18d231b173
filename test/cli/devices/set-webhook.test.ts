// devices set-webhook (the real service's conecteQR) and emulator set-webhook (the control API), end to end.
import { describe, expect, it } from 'vitest';
import { useDeviceSandbox } from '../support/device-sandbox.js';
import { post } from '../support/harness.js';

const t = useDeviceSandbox();
const HOOK = 'http://127.0.0.1:3000/webhook';

async function checked(): Promise<{ webhook: string; conectado: boolean; nome: string }> {
  const result = await t.dev.run(['devices', 'check', t.dev.appkey, '--json']);
  return JSON.parse(result.stdout).dispositivo;
}

describe('devices set-webhook [extension]', () => {
  it('sets the webhook of a device that is not connected, which stays not connected', async () => {
    const result = await t.dev.run(['devices', 'set-webhook', t.dev.appkey, HOOK]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Webhook of device ${t.dev.appkey}`);
    expect(result.stdout).toContain(`set to ${HOOK}`);
    expect(result.stdout).toContain(`chatbot devices link ${t.dev.appkey}`);
    expect(await checked()).toMatchObject({ webhook: HOOK, conectado: false });
  });

  it('refuses a connected device, saying how to pair it again and what the emulator can do; nothing changes', async () => {
    await t.dev.connect();
    const result = await t.dev.run(['devices', 'set-webhook', t.dev.appkey, HOOK]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('is connected, and the service changes a device');
    expect(result.stderr).toContain(`chatbot pair --name ${t.dev.appkey} --webhook ${HOOK}`);
    expect(result.stderr).toContain(`chatbot emulator set-webhook ${t.dev.appkey} ${HOOK}`);
    expect(await checked()).toMatchObject({ webhook: '', conectado: true });
  });

  it('says so when the address is already the one given; bad input is exit 2, an unknown device exit 4', async () => {
    await post(`${t.emulator.url}/__emulator/devices/webhook`, { appkey: t.dev.appkey, webhook: HOOK });
    await t.dev.connect();
    const same = await t.dev.run(['devices', 'set-webhook', t.dev.appkey, HOOK]);
    expect(same.exitCode, same.stderr).toBe(0);
    expect(same.stdout).toContain(`already sends its events to ${HOOK}`);
    expect((await t.dev.run(['devices', 'set-webhook', t.dev.appkey, 'ftp://x'])).exitCode).toBe(2);
    expect((await t.dev.run(['devices', 'set-webhook', 'nao-existe', HOOK])).exitCode).toBe(4);
  });
});

describe('emulator set-webhook', () => {
  it('changes the webhook of a connected device, which stays connected', async () => {
    await t.dev.connect();
    const result = await t.dev.run(['emulator', 'set-webhook', t.dev.appkey, HOOK]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`✓ Device \\S+ now sends its events to ${HOOK}`));
    expect(await checked()).toMatchObject({ webhook: HOOK, conectado: true });
    const json = await t.dev.run(['emulator', 'set-webhook', t.dev.appkey, `${HOOK}/2`, '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ status: 200, message: 'Webhook alterado.', webhook: `${HOOK}/2` });
  });

  it('refuses a URL that is not http(s) before sending, and an unknown device is exit 4', async () => {
    const bad = await t.dev.run(['emulator', 'set-webhook', t.dev.appkey, 'localhost:3000']);
    expect(bad.exitCode).toBe(2);
    expect((await t.dev.run(['emulator', 'set-webhook', 'nao-existe', HOOK])).exitCode).toBe(4);
    expect((await checked()).webhook).toBe('');
  });
});

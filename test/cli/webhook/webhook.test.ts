// webhook on|off (switchWebhook) end to end against the emulator.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { post } from '../support/harness.js';
import {
  CONTACT,
  controlGroup,
  queuedEvents,
  requestsTo,
  usePairedDevice,
  saveCurrentDevice,
} from '../support/paired-device.js';

const t = usePairedDevice({ receiver: true });

const run = (args: string[]) => t.box.run(args, { env: { CHATBOT_APPKEY: t.device.appkey } });

describe('webhook on|off (switchWebhook)', () => {
  const textEvent = (text: string) => (event: Record<string, unknown>) => event.mensagem === text;
  const trigger = (text: string, group?: string) =>
    post(`${t.url}/__emulator/inbound`, {
      appkey: t.device.appkey,
      evento: 'text',
      de: CONTACT,
      mensagem: text,
      ...(group ? { grupo: group } : {}),
    });

  it('off --type chat stops chat events while group events still arrive; on resumes them', async () => {
    const group = await controlGroup(t.url, t.device.appkey);
    const off = await run(['webhook', 'off', '--type', 'chat']);
    expect(off.exitCode, off.stderr).toBe(0);
    expect(off.stdout).toBe(`✓ Webhook events of chats switched off for device ${t.device.id}\n`);
    const silenced = `chat-off-${t.device.id}`;
    const heard = `group-on-${t.device.id}`;
    await trigger(silenced);
    await trigger(heard, group.id);
    await t.receiver.waitForEvent(textEvent(heard));
    expect(t.receiver.events.filter(textEvent(silenced))).toEqual([]);
    expect((await queuedEvents(t.url, t.device.appkey)).filter(textEvent(silenced))).toEqual([]);
    const on = await run(['webhook', 'on', '--type', 'chat']);
    expect(on.exitCode, on.stderr).toBe(0);
    const back = `chat-on-${t.device.id}`;
    await trigger(back);
    await t.receiver.waitForEvent(textEvent(back));
  });

  it('off --type grupo stops group events only', async () => {
    const group = await controlGroup(t.url, t.device.appkey);
    expect((await run(['webhook', 'off', '--type', 'grupo'])).exitCode).toBe(0);
    const silenced = `group-off-${t.device.id}`;
    const heard = `chat-on-${t.device.id}`;
    await trigger(silenced, group.id);
    await trigger(heard);
    await t.receiver.waitForEvent(textEvent(heard));
    expect(t.receiver.events.filter(textEvent(silenced))).toEqual([]);
    expect((await queuedEvents(t.url, t.device.appkey)).filter(textEvent(silenced))).toEqual([]);
  });

  it("uses the profile's record of the current device without looking it up", async () => {
    saveCurrentDevice(t.box, { appkey: t.device.appkey, id: t.device.id, name: t.device.name });
    const before = t.logged.requests.length;
    const result = await t.box.run(['webhook', 'off', '--type', 'chat']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(t.device.id);
    expect(requestsTo(t.logged, '/api/developer', before)).toEqual([]);
  });

  it('with a second device on the account, the appkey alone is ambiguous: --device is required', async () => {
    await post(`${t.url}/api/v2/qrcode`, { authkey: t.device.authkey, setAppkey: `${t.device.appkey}-2` });
    const renamed = await post(`${t.url}/api/settings`, {
      authkey: t.device.authkey,
      appkey: t.device.appkey,
      message: 'Loja',
      altereNome: 'true',
    });
    expect(renamed.status).toBe(200);
    const result = await run(['webhook', 'off', '--type', 'chat']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--device');
    const explicit = await run(['webhook', 'off', '--type', 'chat', '--device', t.device.id]);
    expect(explicit.exitCode, explicit.stderr).toBe(0);
  });

  it('prints the service body under --json', async () => {
    const result = await run(['webhook', 'on', '--type', 'grupo', '--device', t.device.id, '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, message: 'Sucesso' });
  });

  it("a device id that is not the appkey's device is 404 and exit 4", async () => {
    const result = await run(['webhook', 'off', '--type', 'chat', '--device', 'dev_nao_existe']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('refuses a --type other than chat|grupo, a missing --type or state (exit 2, nothing sent)', async () => {
    const before = t.logged.requests.length;
    const badType = await run(['webhook', 'off', '--type', 'group']);
    expect(badType.exitCode).toBe(2);
    expect(badType.stderr).toMatch(/--type.*chat, grupo/);
    const noType = await run(['webhook', 'off']);
    expect(noType.exitCode).toBe(2);
    expect(noType.stderr).toContain('--type');
    const badState = await run(['webhook', 'maybe', '--type', 'chat']);
    expect(badState.exitCode).toBe(2);
    expect(badState.stderr).toMatch(/on, off/);
    const emptyDevice = await run(['webhook', 'on', '--type', 'chat', '--device', '']);
    expect(emptyDevice.exitCode).toBe(2);
    expect(emptyDevice.stderr).toContain('--device must not be empty');
    expect(requestsTo(t.logged, '/api/settings', before)).toEqual([]);
  });
});

describe('webhook on|off --device X', () => {
  it("uses X's appkey and id when the profile knows X by name or id, not the current device's", async () => {
    const other = { appkey: 'outra-chave-0123456789abcdef', id: 'dev_0ther000000000001', name: 'deposito' };
    const file = join(t.box.configDir, 'config.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.profiles.default = {
      ...data.profiles.default,
      appkey: t.device.appkey,
      devices: [{ appkey: t.device.appkey, id: t.device.id, name: t.device.name }, other],
    };
    writeFileSync(file, JSON.stringify(data));
    for (const ref of ['deposito', other.id]) {
      const result = await t.box.run(['webhook', 'on', '--type', 'chat', '--device', ref, '--dry-run', '--json']);
      expect(result.exitCode, result.stderr).toBe(0);
      const plan = JSON.parse(result.stdout);
      expect(plan.body).toMatchObject({ appkey: 'outr…cdef', message: other.id, statusWebhook: 'true' });
    }
  });
});

// user status (E17), name set (E18), webhook on|off (E19) end to end against the emulator.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Sandbox, post } from './harness.js';
import {
  CONTACT, CONTACT_DIGITS, WebhookReceiver, controlGroup, loggedEmulator, pairedDevice, queuedEvents, requestsTo,
  type LoggedEmulator, type PairedDevice,
} from './group-helpers.js';

let logged: LoggedEmulator;
let receiver: WebhookReceiver;
let box: Sandbox;
let device: PairedDevice;
let url: string;

beforeAll(async () => {
  logged = await loggedEmulator();
  url = logged.emulator.url;
  receiver = await WebhookReceiver.start();
});
afterAll(async () => {
  await logged.emulator.close();
  await receiver.close();
});
beforeEach(async () => {
  box = new Sandbox(url);
  device = await pairedDevice(box, url, receiver.url);
});
afterEach(() => box.cleanup());

const run = (args: string[]) => box.run(args, { env: { CHATBOT_APPKEY: device.appkey } });

async function deviceName(): Promise<string> {
  const checked = await post(`${url}/api/developer`, { authkey: device.authkey, message: device.id, checkDispositivo: 'true' });
  return (checked.dispositivo as { nome: string }).nome;
}

/** Makes the device the profile's current one, with its record (appkey, id, name) as pairing would save it. */
function saveCurrentDevice(record: { appkey: string; id: string; name: string }): void {
  const file = join(box.configDir, 'config.json');
  const data = JSON.parse(readFileSync(file, 'utf8'));
  data.profiles.default = { ...data.profiles.default, appkey: record.appkey, devices: [record] };
  writeFileSync(file, JSON.stringify(data));
}

describe('user status (E17)', () => {
  it('prints the contact and the status the service reports', async () => {
    await post(`${url}/__emulator/inbound`, { appkey: device.appkey, evento: 'text', de: CONTACT, mensagem: 'oi' });
    const result = await run(['user', 'status', CONTACT]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${CONTACT_DIGITS}: online\n`);
  });

  it('prints the service body under --json', async () => {
    const result = await run(['user', 'status', CONTACT, '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.status).toBe(200);
    expect(typeof doc.userStatus).toBe('string');
  });

  it('an unknown device key is 404 "Nenhum dispositivo encontrado." and exit 4', async () => {
    const result = await box.run(['user', 'status', CONTACT, '--appkey', 'nao-existe']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('refuses a number without country code (exit 2, nothing sent)', async () => {
    const before = logged.requests.length;
    const result = await run(['user', 'status', '12345']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('<phone> must be a phone number in international format');
    expect(requestsTo(logged, '/api/settings', before)).toEqual([]);
  });
});

describe('name set (E18)', () => {
  it('renames the device (words joined) and prints one confirmation line', async () => {
    const result = await run(['name', 'set', 'Loja', 'Centro']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('✓ Device name changed to "Loja Centro"\n');
    expect(await deviceName()).toBe('Loja Centro');
  });

  it('keeps the profile\'s record of the current device in step', async () => {
    saveCurrentDevice({ appkey: device.appkey, id: device.id, name: device.name });
    const result = await box.run(['name', 'set', 'Loja Norte']);
    expect(result.exitCode, result.stderr).toBe(0);
    const stored = JSON.parse(readFileSync(join(box.configDir, 'config.json'), 'utf8'));
    expect(stored.profiles.default.devices[0]).toEqual({ appkey: device.appkey, id: device.id, name: 'Loja Norte' });
  });

  it('prints the service body under --json', async () => {
    const result = await run(['name', 'set', 'Loja Sul', '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.status).toBe(200);
    expect(typeof doc.message).toBe('string');
  });

  it('an unknown device key is exit 4', async () => {
    const result = await box.run(['name', 'set', 'Loja', '--appkey', 'nao-existe']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('refuses an empty name (exit 2, nothing sent, name unchanged)', async () => {
    const before = logged.requests.length;
    const result = await run(['name', 'set', ' ']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('<new name> must not be empty');
    expect(requestsTo(logged, '/api/settings', before)).toEqual([]);
    expect(await deviceName()).toBe(device.name);
  });
});

describe('webhook on|off (E19)', () => {
  const textEvent = (text: string) => (event: Record<string, unknown>) => event.mensagem === text;
  const trigger = (text: string, group?: string) =>
    post(`${url}/__emulator/inbound`, { appkey: device.appkey, evento: 'text', de: CONTACT, mensagem: text, ...(group ? { grupo: group } : {}) });

  it('off --type chat stops chat events while group events still arrive; on resumes them', async () => {
    const group = await controlGroup(url, device.appkey);
    const off = await run(['webhook', 'off', '--type', 'chat']);
    expect(off.exitCode, off.stderr).toBe(0);
    expect(off.stdout).toBe(`✓ Webhook events of chats switched off for device ${device.id}\n`);
    const silenced = `chat-off-${device.id}`;
    const heard = `group-on-${device.id}`;
    await trigger(silenced);
    await trigger(heard, group.id);
    await receiver.waitForEvent(textEvent(heard));
    expect(receiver.events.filter(textEvent(silenced))).toEqual([]);
    expect((await queuedEvents(url, device.appkey)).filter(textEvent(silenced))).toEqual([]);
    const on = await run(['webhook', 'on', '--type', 'chat']);
    expect(on.exitCode, on.stderr).toBe(0);
    const back = `chat-on-${device.id}`;
    await trigger(back);
    await receiver.waitForEvent(textEvent(back));
  });

  it('off --type grupo stops group events only', async () => {
    const group = await controlGroup(url, device.appkey);
    expect((await run(['webhook', 'off', '--type', 'grupo'])).exitCode).toBe(0);
    const silenced = `group-off-${device.id}`;
    const heard = `chat-on-${device.id}`;
    await trigger(silenced, group.id);
    await trigger(heard);
    await receiver.waitForEvent(textEvent(heard));
    expect(receiver.events.filter(textEvent(silenced))).toEqual([]);
    expect((await queuedEvents(url, device.appkey)).filter(textEvent(silenced))).toEqual([]);
  });

  it('uses the profile\'s record of the current device without looking it up', async () => {
    saveCurrentDevice({ appkey: device.appkey, id: device.id, name: device.name });
    const before = logged.requests.length;
    const result = await box.run(['webhook', 'off', '--type', 'chat']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(device.id);
    expect(requestsTo(logged, '/api/developer', before)).toEqual([]);
  });

  it('with a second device on the account, the appkey alone is ambiguous: --device is required', async () => {
    await post(`${url}/api/v2/qrcode`, { authkey: device.authkey, setAppkey: `${device.appkey}-2` });
    const renamed = await post(`${url}/api/settings`, { authkey: device.authkey, appkey: device.appkey, message: 'Loja', altereNome: 'true' });
    expect(renamed.status).toBe(200);
    const result = await run(['webhook', 'off', '--type', 'chat']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--device');
    const explicit = await run(['webhook', 'off', '--type', 'chat', '--device', device.id]);
    expect(explicit.exitCode, explicit.stderr).toBe(0);
  });

  it('prints the service body under --json', async () => {
    const result = await run(['webhook', 'on', '--type', 'grupo', '--device', device.id, '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, message: 'Sucesso' });
  });

  it('a device id that is not the appkey\'s device is 404 and exit 4', async () => {
    const result = await run(['webhook', 'off', '--type', 'chat', '--device', 'dev_nao_existe']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('refuses a --type other than chat|grupo, a missing --type or state (exit 2, nothing sent)', async () => {
    const before = logged.requests.length;
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
    expect(requestsTo(logged, '/api/settings', before)).toEqual([]);
  });
});

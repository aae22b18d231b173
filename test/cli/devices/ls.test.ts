// devices ls (listDevices) end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { post, registered, useEmulatorSandbox } from '../support/harness.js';

const t = useEmulatorSandbox();

describe('devices ls (listDevices)', () => {
  it('lists an account without devices as empty, exit 0, in a table and in JSON', async () => {
    await registered(t.box);
    const human = await t.box.run(['devices', 'ls']);
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toContain('No devices yet');
    const json = await t.box.run(['devices', 'ls', '--json']);
    expect(JSON.parse(json.stdout).dispositivos).toEqual([]);
  });

  it('lists paired devices in a table, keys masked in JSON', async () => {
    const authkey = await registered(t.box);
    const paired = await post(`${t.emulator.url}/api/v2/qrcode`, { authkey, setAppkey: 'loja-centro-0001' });
    expect(paired.status).toBe(200);
    const human = await t.box.run(['devices', 'ls'], { tty: true });
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toContain('loja-centro-0001');
    expect(human.stdout).toMatch(/ID.*NAME.*PHONE.*WEBHOOK/);
    const json = await t.box.run(['devices', 'ls', '--json']);
    const doc = JSON.parse(json.stdout);
    expect(doc.dispositivos).toHaveLength(1);
    expect(json.stdout).not.toContain(authkey);
  });

  it('exits 3 with the service message for an unknown authkey', async () => {
    const result = await t.box.run(['devices', 'ls', '--authkey', 'not-a-real-key-000000']);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/^Error \(401\): /);
    expect(result.stderr).not.toContain('not-a-real-key-000000');
  });

  it('exits 2 naming how to get a key when there is none', async () => {
    const result = await t.box.run(['devices', 'ls']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('chatbot register');
  });

  it('--dry-run masks the authkey', async () => {
    const result = await t.box.run(['devices', 'ls', '--dry-run', '--authkey', 'SECRETKEY-1234567890']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`POST ${t.emulator.url}/api/developer`);
    expect(result.stdout).toContain('"dispositivos": "true"');
    expect(result.stdout).toContain('SECR…7890');
    expect(result.stdout).not.toContain('SECRETKEY-1234567890');
  });
});

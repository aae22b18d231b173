// name set (renameDevice) end to end against the emulator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { post } from '../support/harness.js';
import { requestsTo, usePairedDevice, saveCurrentDevice } from '../support/paired-device.js';

const t = usePairedDevice({ receiver: true });

const run = (args: string[]) => t.box.run(args, { env: { CHATBOT_APPKEY: t.device.appkey } });

async function deviceName(): Promise<string> {
  const checked = await post(`${t.url}/api/developer`, {
    authkey: t.device.authkey,
    message: t.device.id,
    checkDispositivo: 'true',
  });
  return (checked.dispositivo as { nome: string }).nome;
}

describe('name set (renameDevice)', () => {
  it('renames the device (words joined) and prints one confirmation line', async () => {
    const result = await run(['name', 'set', 'Loja', 'Centro']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('✓ Device name changed to "Loja Centro"\n');
    expect(await deviceName()).toBe('Loja Centro');
  });

  it("keeps the profile's record of the current device in step", async () => {
    saveCurrentDevice(t.box, { appkey: t.device.appkey, id: t.device.id, name: t.device.name });
    const result = await t.box.run(['name', 'set', 'Loja Norte']);
    expect(result.exitCode, result.stderr).toBe(0);
    const stored = JSON.parse(readFileSync(join(t.box.configDir, 'config.json'), 'utf8'));
    expect(stored.profiles.default.devices[0]).toEqual({
      appkey: t.device.appkey,
      id: t.device.id,
      name: 'Loja Norte',
    });
  });

  it('prints the service body under --json', async () => {
    const result = await run(['name', 'set', 'Loja Sul', '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.status).toBe(200);
    expect(typeof doc.message).toBe('string');
  });

  it('an unknown device key is exit 4', async () => {
    const result = await t.box.run(['name', 'set', 'Loja', '--appkey', 'nao-existe']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('refuses an empty name (exit 2, nothing sent, name unchanged)', async () => {
    const before = t.logged.requests.length;
    const result = await run(['name', 'set', ' ']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('<new name> must not be empty');
    expect(requestsTo(t.logged, '/api/settings', before)).toEqual([]);
    expect(await deviceName()).toBe(t.device.name);
  });
});

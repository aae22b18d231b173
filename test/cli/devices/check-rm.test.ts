// devices check (checkDevice) and devices rm (deleteDevice) end to end against the emulator, with the profile's device
// records.
import { describe, expect, it } from 'vitest';
import { post, useEmulatorSandbox } from '../support/harness.js';
import { deviceCount, pairedDirectly, storedProfile } from '../support/pairing.js';

const t = useEmulatorSandbox({ register: true });

describe('devices check', () => {
  it('shows a device found by name, not connected', async () => {
    const id = await pairedDirectly(t.emulator.url, t.authkey, 'caixa');
    const result = await t.box.run(['devices', 'check', 'caixa']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`Device caixa (${id})`);
    expect(result.stdout).toMatch(/connected\s+no/);
  });

  it('prints the service body under --json, found by id', async () => {
    const id = await pairedDirectly(t.emulator.url, t.authkey, 'caixa-2', true);
    const result = await t.box.run(['devices', 'check', id, '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      status: 200,
      dispositivo: { id, nome: 'caixa-2', telefone: expect.any(String), webhook: expect.any(String), conectado: true },
    });
  });

  it('exits 4 with `Nenhum dispositivo encontrado.` for an unknown device', async () => {
    const result = await t.box.run(['devices', 'check', 'ninguem']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
    const json = await t.box.run(['devices', 'check', 'ninguem', '--json']);
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        status: 404,
        message: expect.stringMatching(/^Nenhum dispositivo encontrado\. \(no device found — .*`chatbot devices ls`/),
        exitCode: 4,
      },
    });
  });

  it('exits 3 for an invalid authkey', async () => {
    const result = await t.box.run(['devices', 'check', 'caixa', '--authkey', 'not-a-key']);
    expect(result.exitCode).toBe(3);
  });

  it('rejects an empty reference before sending (exit 2)', async () => {
    const result = await t.box.run(['devices', 'check', '  ']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('<id|name> must not be empty');
  });

  it('makes a connected device saved by `pair --no-wait` current when the profile has none', async () => {
    expect((await t.box.run(['pair', '--name', 'depois', '--no-wait'])).exitCode).toBe(0);
    const notYet = await t.box.run(['devices', 'check', 'depois']);
    expect(notYet.stdout).toMatch(/connected\s+no/);
    expect(storedProfile(t.box).appkey).toBeUndefined();
    await post(`${t.emulator.url}/__emulator/connect`, { appkey: 'depois' });
    const connected = await t.box.run(['devices', 'check', 'depois']);
    expect(connected.stdout).toMatch(/connected\s+yes/);
    expect(connected.stderr).toMatch(/Device depois \(dev_\w+\) is now the current device of profile "default"\./);
    expect(storedProfile(t.box).appkey).toBe('depois');
  });

  it('leaves an existing current device alone', async () => {
    const first = await t.box.run(['pair', '--name', 'primeiro', '--no-wait']);
    expect(first.exitCode).toBe(0);
    await t.box.run(['config', 'set', 'appkey', 'primeiro']);
    await t.box.run(['pair', '--name', 'segundo', '--no-wait']);
    await post(`${t.emulator.url}/__emulator/connect`, { appkey: 'segundo' });
    const result = await t.box.run(['devices', 'check', 'segundo']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).not.toContain('now the current device');
    expect(storedProfile(t.box).appkey).toBe('primeiro');
  });
});

describe('devices rm', () => {
  it('deletes with --yes, and drops the device and the current selection from the profile', async () => {
    expect((await t.box.run(['pair', '--name', 'velho', '--no-wait'])).exitCode).toBe(0);
    await t.box.run(['pair', '--name', 'fica', '--no-wait']);
    await t.box.run(['config', 'set', 'appkey', 'velho']);
    const result = await t.box.run(['devices', 'rm', 'velho', '--yes']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/Device velho \(dev_\w+\) deleted/);
    expect(result.stderr).toContain('It was the current device of profile "default"');
    const profile = storedProfile(t.box);
    expect(profile.appkey).toBeUndefined();
    expect(profile.devices?.map((d) => d.name)).toEqual(['fica']);
    expect((await t.box.run(['devices', 'check', 'velho'])).exitCode).toBe(4);
  });

  it('deletes by id and prints the service body under --json', async () => {
    const id = await pairedDirectly(t.emulator.url, t.authkey, 'por-id');
    const result = await t.box.run(['devices', 'rm', id, '--yes', '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ status: 200, message: 'Dispositivo apagado com sucesso.' });
    expect(await deviceCount(t.emulator.url, t.authkey)).toBe(0);
  });

  it('without --yes and without a terminal exits 2 naming --yes, and deletes nothing', async () => {
    await pairedDirectly(t.emulator.url, t.authkey, 'protegido');
    const result = await t.box.run(['devices', 'rm', 'protegido']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('pass --yes');
    expect(await deviceCount(t.emulator.url, t.authkey)).toBe(1);
  });

  it('exits 4 with `Nenhum dispositivo encontrado.` for an unknown device', async () => {
    const result = await t.box.run(['devices', 'rm', 'ninguem', '--yes']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
  });
});

describe('devices ls', () => {
  it('piped, prints one tab-separated line per device, no header and no box', async () => {
    await t.box.run(['pair', '--name', 'tsv-loja', '--no-wait']);
    const result = await t.box.run(['devices', 'ls']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).not.toMatch(/[│┌─]|\bNAME\b/);
    const id = storedProfile(t.box).devices?.find((d) => d.name === 'tsv-loja')?.id;
    expect(result.stdout.split('\n')).toContainEqual(`\t${id}\ttsv-loja\t\t`);
  });

  it('marks the current device', async () => {
    await pairedDirectly(t.emulator.url, t.authkey, 'outro');
    await t.box.run(['pair', '--name', 'atual', '--no-wait']);
    await t.box.run(['config', 'set', 'appkey', 'atual']);
    const result = await t.box.run(['devices', 'ls'], { tty: true });
    const marked = result.stdout.split('\n').filter((line) => /^│ \* /.test(line));
    expect(marked).toHaveLength(1);
    const current = storedProfile(t.box).devices?.find((d) => d.appkey === 'atual');
    expect(marked[0]).toContain(current?.id);
    expect(marked[0]).toMatch(/\batual\b/);
  });
});

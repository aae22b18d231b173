// pair (pairDevice) end to end against the emulator: QR and code, --json, --no-wait, waiting, timeout, errors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/index.js';
import { Sandbox, post, registered, useEmulatorSandbox } from '../support/harness.js';
import { isLoopback } from '../../../src/cli/commands/pair/emulator-hint.js';
import { answersEmulatorHealth } from '../../../src/cli/shared/emulator-health.js';
import { waitFor } from '../../support/wait-for.js';
import { deviceCount, scanDataUrl, scanDrawing, scanPng, startRun, storedProfile } from '../support/pairing.js';

const t = useEmulatorSandbox({ register: true });

describe('pair by QR code', () => {
  it('never prints a random appkey whole; the hint names the device, and connecting by that name works', async () => {
    const result = await t.box.run(['pair', '--no-wait']);
    expect(result.exitCode).toBe(0);
    const [device] = storedProfile(t.box).devices ?? [];
    expect(device?.appkey.length).toBeGreaterThan(8);
    expect(result.stdout + result.stderr).not.toContain(device?.appkey);
    expect(result.stderr).toContain(`chatbot emulator connect ${device?.name}`);
    expect((await t.box.run(['emulator', 'connect', device?.name ?? ''])).exitCode).toBe(0);
    const check = await post(`${t.emulator.url}/api/developer`, {
      authkey: t.authkey,
      message: device?.id,
      checkDispositivo: 'true',
    });
    expect(check.dispositivo).toMatchObject({ conectado: true });
    expect((await t.box.run(['config', 'set', 'appkey', device?.name ?? ''])).exitCode).toBe(0);
    expect(storedProfile(t.box).appkey).toBe(device?.appkey);
  });

  it('draws the QR code so that it scans as the PNG does, saves the PNG, and records the device without waiting', async () => {
    const file = join(t.box.home, 'qr.png');
    const result = await t.box.run(['pair', '--name', 'loja-centro', '--no-wait', '--qr-file', file]);
    expect(result.exitCode).toBe(0);
    const fromPng = scanPng(readFileSync(file));
    expect(fromPng).toMatch(/^chatbot-emulator:pair:/);
    expect(scanDrawing(result.stdout)).toBe(fromPng);
    expect(result.stdout).toContain('Scan it with the phone: Settings › Linked devices › Link a device');
    expect(result.stderr).toContain(`QR code image saved to ${file}`);
    const profile = storedProfile(t.box);
    expect(result.stderr).toContain('chatbot emulator connect loja-centro');
    expect(result.stderr).toContain('Not waiting');
    expect(profile.appkey).toBeUndefined();
    expect(profile.devices).toEqual([{ appkey: 'loja-centro', name: 'loja-centro', id: expect.stringMatching(/\S/) }]);
  });

  it('prints {appkey, qrcode} under --json and draws nothing', async () => {
    const result = await t.box.run(['pair', '--json', '--no-wait']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    const doc = JSON.parse(result.stdout);
    expect(Object.keys(doc).sort()).toEqual(['appkey', 'qrcode']);
    expect(doc.appkey).toMatch(/^.{4}….{4}$/);
    expect(scanDataUrl(doc.qrcode)).toMatch(/^chatbot-emulator:pair:/);
  });

  it('finds an unnamed device by its appkey and records its random name', async () => {
    const result = await t.box.run(['pair', '--no-wait', '--webhook', 'https://example.com/hook']);
    expect(result.exitCode).toBe(0);
    const [device] = storedProfile(t.box).devices ?? [];
    expect(device?.appkey.length).toBeGreaterThan(8);
    const check = await post(`${t.emulator.url}/api/developer`, {
      authkey: t.authkey,
      message: device?.id,
      checkDispositivo: 'true',
    });
    expect(check.dispositivo).toMatchObject({
      id: device?.id,
      nome: device?.name,
      webhook: 'https://example.com/hook',
      conectado: false,
    });
  });
});

describe('pair by phone number', () => {
  it('shows the 8-digit code as 1234-5678 with where to type it', async () => {
    const result = await t.box.run(['pair', '--phone', '+55 81 98976-9960', '--no-wait']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/Pairing code: \d{4}-\d{4}\n/);
    expect(result.stdout).toContain('Link with phone number instead');
    expect(result.stdout).toContain('+5581989769960');
  });

  it('prints {appkey, code} under --json', async () => {
    const result = await t.box.run(['pair', '--phone', '+5581989769960', '--no-wait', '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(Object.keys(doc).sort()).toEqual(['appkey', 'code']);
    expect(doc.code).toMatch(/^\d{8}$/);
  });
});

describe('waiting for the phone', () => {
  it('ends when the device connects while pair waits, and makes it the current device', async () => {
    const run = startRun(t.box, ['pair', '--name', 'balcao', '--wait-timeout', '20']);
    await waitFor(() => run.output().stderr.includes('Waiting up to 20 s'), { what: 'pair to start waiting' });
    expect(await post(`${t.emulator.url}/__emulator/connect`, { appkey: 'balcao' })).toMatchObject({ status: 200 });
    const result = await run.done;
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/Device balcao \(dev_\w+\) connected — now the current device of profile "default"/);
    const profile = storedProfile(t.box);
    expect(profile.appkey).toBe('balcao');
    expect(profile.devices?.map((d) => d.name)).toEqual(['balcao']);
  });

  it('a name chosen with --name round-trips whole through pair --json, devices ls (table and --json) and status', async () => {
    const paired = await t.box.run(['pair', '--name', 'vitrine', '--no-wait', '--json']);
    expect(JSON.parse(paired.stdout).appkey).toBe('vitrine');
    await post(`${t.emulator.url}/__emulator/connect`, { appkey: 'vitrine' });
    const selected = await t.box.run(['config', 'set', 'appkey', 'vitrine']);
    expect(selected.exitCode).toBe(0);
    expect(selected.stdout).toContain('Set appkey to vitrine in profile "default"');
    const planned = await t.box.run(['emulator', 'outbox', '--dry-run']);
    expect(planned.stdout).toContain('appkey=vitrine');
    const id = storedProfile(t.box).devices?.find((d) => d.name === 'vitrine')?.id;
    const table = await t.box.run(['devices', 'ls'], { tty: true });
    expect(table.stdout).toMatch(new RegExp(`│ \\* │ ${id} │ vitrine `));
    const json = JSON.parse((await t.box.run(['devices', 'ls', '--json'])).stdout);
    expect(json.dispositivos).toContainEqual(expect.objectContaining({ id, nome: 'vitrine' }));
    const status = await t.box.run(['status']);
    expect(status.stdout).toContain(`device    vitrine (${id}), appkey vitrine`);
    const statusJson = JSON.parse((await t.box.run(['status', '--json'])).stdout);
    expect(statusJson.device).toEqual({ id, name: 'vitrine' });
    expect(statusJson.appkey.value).toBe('vitrine');
  });

  it('draws a spinner on a terminal and erases it', async () => {
    const result = await t.box.run(['pair', '--name', 'spin', '--wait-timeout', '0.5'], { tty: true });
    expect(result.exitCode).toBe(7);
    expect(result.stderr).toMatch(/⠋ Waiting for the phone to link the device… \d+ s left/);
    expect(result.stderr).toContain('\r\x1b[K');
  });

  it('times out with exit 7 saying what to do next; the device stays paired, not current', async () => {
    // Nothing connects the device: a wait that ignored --wait-timeout 1 would poll for the default 120 s, past this
    // test's own timeout.
    const result = await t.box.run(['pair', '--name', 'lenta', '--wait-timeout', '1']);
    expect(result.exitCode).toBe(7);
    expect(result.stderr).toContain('did not connect within 1 s');
    const profile = storedProfile(t.box);
    expect(result.stderr).toContain('chatbot devices check lenta');
    expect(profile.appkey).toBeUndefined();
    expect(profile.devices?.map((d) => d.name)).toEqual(['lenta']);
  });

  it('under --json a failed wait leaves the pairing document on stdout (the one exception) and one error line', async () => {
    const result = await t.box.run(['pair', '--name', 'lenta-json', '--wait-timeout', '1', '--json']);
    expect(result.exitCode).toBe(7);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(Object.keys(JSON.parse(lines[0] ?? '')).sort()).toEqual(['appkey', 'qrcode']);
    const errorLines = result.stderr.trim().split('\n');
    expect(errorLines).toHaveLength(1);
    expect(JSON.parse(errorLines[0] ?? '').error).toMatchObject({ exitCode: 7 });
  });

  it('keeps polling until the emulator connects the device by itself (--auto-connect), under --json', async () => {
    const autoConnecting = await startEmulator({ port: 0, db: ':memory:', autoConnect: 1.2 });
    const other = new Sandbox(autoConnecting.url);
    try {
      await registered(other);
      const result = await other.run(['pair', '--name', 'sozinha', '--json', '--wait-timeout', '15']);
      expect(result.exitCode).toBe(0);
      expect(Object.keys(JSON.parse(result.stdout)).sort()).toEqual(['appkey', 'qrcode']);
      expect(storedProfile(other).appkey).toBe('sozinha');
    } finally {
      other.cleanup();
      await autoConnecting.close();
    }
  });
});

describe('pair failures', () => {
  it('exits 3 with the service message for an invalid authkey', async () => {
    const result = await t.box.run(['pair', '--no-wait', '--authkey', 'not-a-key']);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('Authkey inválida ou não encontrada.');
  });

  it.each([
    [['--phone', '12'], '--phone must be a phone number'],
    [['--webhook', 'ftp://example.com/x'], '--webhook must be an http(s) URL'],
    [['--wait-timeout', '0'], '--wait-timeout'],
    [['--phone', '+5581989769960', '--qr-file', 'x.png'], '--qr-file saves a QR code'],
    [['--qr-file', '/no/such/dir/qr.png'], '--qr-file must be in an existing directory'],
  ])('rejects %j before sending (exit 2) and creates no device', async (flags, message) => {
    const result = await t.box.run(['pair', '--no-wait', ...flags]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(message);
    expect(await deviceCount(t.emulator.url, t.authkey)).toBe(0);
  });

  it('--dry-run prints the pairDevice request with the chosen name whole (a name is data) and sends nothing', async () => {
    const result = await t.box.run(['pair', '--name', 'seca', '--phone', '+5581989769960', '--dry-run', '--json']);
    expect(result.exitCode).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan).toMatchObject({ method: 'POST', body: { setAppkey: 'seca', phone: '5581989769960' } });
    expect(plan.url).toMatch(/\/api\/v2\/qrcode$/);
    const unnamed = await t.box.run(['pair', '--dry-run', '--json']);
    expect(unnamed.exitCode).toBe(0);
    expect(JSON.parse(unnamed.stdout)).toMatchObject({ url: plan.url, body: { authkey: expect.any(String) } });
    expect(JSON.parse(unnamed.stdout).body).not.toHaveProperty('setAppkey');
    expect(await deviceCount(t.emulator.url, t.authkey)).toBe(0);
  });
});

describe('emulator detection', () => {
  it("knows loopback addresses, and asks other hosts for the emulator's health route", async () => {
    expect(isLoopback('http://localhost:8484')).toBe(true);
    expect(isLoopback('http://[::1]:8484/api')).toBe(true);
    expect(isLoopback('https://api.example.com')).toBe(false);
    expect(await answersEmulatorHealth(t.emulator.url)).toBe(true);
    const closed = await startEmulator({ port: 0, db: ':memory:' });
    await closed.close();
    expect(await answersEmulatorHealth(closed.url)).toBe(false);
  });
});

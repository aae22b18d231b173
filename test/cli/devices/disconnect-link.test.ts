// devices disconnect and devices link (real-service operations) end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

describe('devices disconnect|link [extension]', () => {
  it('disconnects a connected device; an unknown device is exit 4', async () => {
    await t.dev.connect();
    const result = await t.dev.run(['devices', 'disconnect', t.dev.appkey]);
    expect(result.exitCode, result.stderr).toBe(0);
    const check = JSON.parse((await t.dev.run(['devices', 'check', t.dev.appkey, '--json'])).stdout);
    expect(check.dispositivo.conectado).toBe(false);
    const unknown = await t.dev.run(['devices', 'disconnect', 'nao-existe']);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('prints a pairing link the emulator serves', async () => {
    const result = await t.dev.run(['devices', 'link', t.dev.appkey]);
    expect(result.exitCode, result.stderr).toBe(0);
    const link = result.stdout.trim();
    expect(link.startsWith(`${t.emulator.url}/conectar/`)).toBe(true);
    expect(await (await fetch(link)).text()).toContain('QR Code');
    expect((await t.dev.run(['devices', 'link', 'nao-existe'])).exitCode).toBe(4);
  });
});

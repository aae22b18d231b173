// app create (a real-service operation) end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { PHONE, useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

describe('app create [extension]', () => {
  it('creates a second appkey (masked unless --reveal) that sends from the same device', async () => {
    const masked = await t.dev.run(['app', 'create', '--device', await t.dev.deviceId(), '--name', 'ERP']);
    expect(masked.exitCode, masked.stderr).toBe(0);
    expect(masked.stdout).toContain('--reveal prints it whole');
    const revealed = await t.dev.run([
      'app',
      'create',
      '--device',
      t.dev.appkey,
      '--name',
      'Site',
      '--reveal',
      '--json',
    ]);
    const appkey = JSON.parse(revealed.stdout).appkey as string;
    expect(appkey).toMatch(/^[0-9a-f]{32}$/);
    const sent = await t.dev.run(['send', 'text', '--to', PHONE, '-m', 'via app'], { env: { CHATBOT_APPKEY: appkey } });
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect((await t.dev.onlySent()).content).toEqual({ message: 'via app' });
    expect((await t.dev.run(['app', 'create', '--device', 'nao-existe', '--name', 'X'])).exitCode).toBe(4);
  });
});

// login, logout and status end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { Sandbox, registered, useEmulatorSandbox } from '../support/harness.js';

const t = useEmulatorSandbox();

describe('login, logout, status', () => {
  it('login checks the key with the service before storing it', async () => {
    const authkey = await registered(t.box);
    const other = new Sandbox(t.emulator.url);
    try {
      const bad = await other.run(['login', '--authkey-stdin'], { input: 'wrong-key-1234567890\n' });
      expect(bad.exitCode).toBe(3);
      expect((await other.run(['config', 'get', 'authkey'])).exitCode).toBe(2);
      const good = await other.run(['login', '--authkey-stdin'], { input: `${authkey}\n` });
      expect(good.exitCode).toBe(0);
      expect(good.stdout).not.toContain(authkey);
      expect((await other.run(['config', 'get', 'authkey', '--reveal'])).stdout.trim()).toBe(authkey);
    } finally {
      other.cleanup();
    }
  });

  it('status shows profile, base URL, masked key and that the service answers; logout forgets the key', async () => {
    const authkey = await registered(t.box);
    const status = await t.box.run(['status']);
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toContain(t.emulator.url);
    expect(status.stdout).toContain(`${authkey.slice(0, 4)}…${authkey.slice(-4)}`);
    expect(status.stdout).not.toContain(authkey);
    expect(status.stdout).toContain('authkey accepted');
    expect((await t.box.run(['logout'])).exitCode).toBe(0);
    const json = JSON.parse((await t.box.run(['status', '--json'])).stdout);
    expect(json.authkey).toBeNull();
    expect(json.service.reachable).toBe(true);
  });
});

// login --email (a real-service operation) end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { Sandbox, newAccount, registerArgs } from '../support/harness.js';
import { useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

describe('login --email [extension]', () => {
  it('logs in with the password from stdin and saves the authkey, never printing it whole', async () => {
    const account = newAccount();
    const box = new Sandbox(t.emulator.url);
    try {
      expect((await box.run(registerArgs(account), { input: account.password })).exitCode).toBe(0);
      const authkey = (await box.run(['config', 'get', 'authkey', '--reveal'])).stdout.trim();
      const fresh = new Sandbox(t.emulator.url);
      try {
        const result = await fresh.run(['login', '--email', account.email, '--password-stdin'], {
          input: account.password,
        });
        expect(result.exitCode, result.stderr).toBe(0);
        expect(result.stdout).toContain('Logged in');
        expect(result.stdout + result.stderr).not.toContain(authkey);
        expect(result.stdout + result.stderr).not.toContain(account.password);
        expect((await fresh.run(['config', 'get', 'authkey', '--reveal'])).stdout.trim()).toBe(authkey);
        const wrong = await fresh.run(['login', '--email', account.email, '--password-stdin'], { input: 'errada' });
        expect(wrong.exitCode).toBe(3);
        expect(wrong.stderr).toContain('E-mail ou senha inválidos.');
      } finally {
        fresh.cleanup();
      }
    } finally {
      box.cleanup();
    }
  });

  it('refuses --password-stdin without --email, and a bad e-mail, before sending', async () => {
    expect((await t.dev.run(['login', '--password-stdin'], { input: 'x' })).stderr).toContain(
      '--password-stdin needs --email',
    );
    const bad = await t.dev.run(['login', '--email', 'nao-e-email', '--password-stdin'], { input: 'x' });
    expect(bad.exitCode).toBe(2);
  });
});

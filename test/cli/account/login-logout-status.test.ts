// login, logout and status end to end against the emulator.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

describe('status when something is wrong: one message each, and the right next step', () => {
  it('an unreachable service is said once (the report says unreachable, stderr says why)', async () => {
    const box = new Sandbox('http://127.0.0.1:9');
    try {
      const result = await box.run(['status', '--authkey', 'chave-qualquer-123456']);
      expect(result.exitCode).toBe(7);
      expect(result.stdout).toMatch(/^service {3}unreachable$/m);
      expect(`${result.stdout}${result.stderr}`.split('connection refused')).toHaveLength(2);
    } finally {
      box.cleanup();
    }
  });

  it('a base URL that is not http(s) is a usage error, before any report', async () => {
    const result = await t.box.run(['--base-url', 'ftp://x', 'status']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--base-url must be an http(s) URL');
    expect(result.stderr).not.toContain('answers wrongly');
  });

  it('an emulator that does not know the authkey (restarted with --db :memory:) says to register there', async () => {
    const key = ['--authkey', 'chave-de-antes-do-reinicio-1234'];
    for (const args of [
      ['status', ...key],
      ['devices', 'ls', ...key],
    ]) {
      const result = await t.box.run(args);
      expect(result.exitCode, result.stderr).toBe(3);
      expect(result.stderr).toContain('run `chatbot register` to make one on it');
      expect(result.stderr).not.toContain('chatbot login');
    }
  });

  it('a service that is not the emulator still says to log in again', async () => {
    const rejecting = createServer((req, res) => {
      req.resume();
      res.writeHead(req.url === '/__emulator/health' ? 404 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 401, message: 'Authkey inválida ou não encontrada.' }));
    });
    await new Promise<void>((resolve) => rejecting.listen(0, '127.0.0.1', resolve));
    const box = new Sandbox(`http://127.0.0.1:${(rejecting.address() as AddressInfo).port}`);
    try {
      const result = await box.run(['devices', 'ls', '--authkey', 'chave-de-outro-servico-1234']);
      expect(result.exitCode, result.stderr).toBe(3);
      expect(result.stderr).toContain('chatbot login');
      expect(result.stderr).not.toContain('chatbot register');
    } finally {
      box.cleanup();
      rejecting.close();
    }
  });
});

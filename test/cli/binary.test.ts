// The built binary as users run it: a separate process, real streams, real exit codes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { emulatorReadyUrl } from '../support/ready-line.js';
import { BIN, newAccount, registerArgs, useEmulatorSandbox } from './support/harness.js';

const t = useEmulatorSandbox({ shared: true });

async function listenOnce(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('the chatbot binary', () => {
  it('prints its version and help', async () => {
    const version = await t.box.spawn(['--version']);
    expect(version.exitCode).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+$/);
    const help = await t.box.spawn(['--help']);
    expect(help.exitCode).toBe(0);
    for (const command of ['register', 'devices', 'config', 'profile', 'login', 'status', 'emulator']) {
      expect(help.stdout).toContain(command);
    }
  });

  it('registers and lists devices, results on stdout only, no colour in a pipe', async () => {
    const account = newAccount();
    const register = await t.box.spawn(registerArgs(account), { input: account.password });
    expect(register.exitCode).toBe(0);
    expect(register.stdout).toContain('Registered');
    expect(register.stderr).toContain('chatbot pair');
    const list = await t.box.spawn(['devices', 'ls']);
    expect(list.exitCode).toBe(0);
    expect(list.stdout).toContain('No devices yet');
    expect(list.stdout + list.stderr).not.toContain('\u001b[');
  });

  it('--jq runs jq from the bundle: raw strings, and exit 2 naming a bad filter', async () => {
    const list = await t.box.spawn(['config', 'list', '--jq', '.settings[] | select(.key == "timezone") | .value']);
    expect(list.exitCode, list.stderr).toBe(0);
    expect(list.stdout).toBe('America/Sao_Paulo');
    const bad = await t.box.spawn(['config', 'list', '--jq', '.settings[']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('syntax error');
  });

  it('exits 7 when the service cannot be reached', async () => {
    const { url, server } = await listenOnce(() => undefined);
    await new Promise((resolve) => server.close(resolve));
    const result = await t.box.spawn(['devices', 'ls', '--authkey', 'k'], { env: { CHATBOT_BASE_URL: url } });
    expect(result.exitCode).toBe(7);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Could not reach ${url}`);
  });

  it('exits 8 on an HTML error page, showing the HTTP status and its first line', async () => {
    const { url, server } = await listenOnce((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><head><title>502 Bad Gateway</title></head></html>\n');
    });
    try {
      const result = await t.box.spawn(['devices', 'ls', '--authkey', 'k', '--json'], {
        env: { CHATBOT_BASE_URL: url },
      });
      expect(result.exitCode).toBe(8);
      expect(result.stdout).toBe('');
      const error = JSON.parse(result.stderr).error;
      expect(error).toMatchObject({ status: 502, exitCode: 8 });
      expect(error.message).toContain('502 Bad Gateway');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('exits 7 after --timeout when the service does not answer', async () => {
    const { url, server } = await listenOnce(() => undefined);
    try {
      const result = await t.box.spawn(['register', ...registerArgs().slice(1), '--timeout', '0.5'], {
        env: { CHATBOT_BASE_URL: url },
        input: 'pw',
      });
      expect(result.exitCode).toBe(7);
      expect(result.stderr).toContain('within 0.5 s');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('emulator start prints its URL once it accepts requests, and stops cleanly on SIGTERM', async () => {
    const child = execa('node', [BIN, 'emulator', 'start', '--port', '0', '--db', ':memory:'], {
      env: t.box.env(),
      extendEnv: false,
      reject: false,
    });
    const url = await emulatorReadyUrl(child);
    const health = await fetch(`${url}/__emulator/health`);
    expect(health.status).toBe(200);
    child.kill('SIGTERM');
    const done = await child;
    expect(done.exitCode).toBe(0);
  });

  it('emulator start on a taken port is exit 2 with what to do', async () => {
    const port = new URL(t.emulator.url).port;
    const result = await t.box.spawn(['emulator', 'start', '--port', port, '--db', ':memory:']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`Port ${port} is already in use`);
  });
});

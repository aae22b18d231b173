// Usage errors every command shares, end to end: a bad base URL, --dry-run of local changes, unknown flags.
import { describe, expect, it } from 'vitest';
import { registered, useEmulatorSandbox } from './support/harness.js';

const t = useEmulatorSandbox();

describe('usage errors', () => {
  it('a base URL that is not http(s) is exit 2 naming where it came from, before anything is sent', async () => {
    const flag = await t.box.run(['devices', 'ls', '--authkey', 'k', '--base-url', 'notaurl']);
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toContain('--base-url must be an http(s) URL');
    const env = await t.box.run(['devices', 'ls', '--authkey', 'k'], { env: { CHATBOT_BASE_URL: 'ftp://x' } });
    expect(env.exitCode).toBe(2);
    expect(env.stderr).toContain('CHATBOT_BASE_URL must be an http(s) URL');
  });

  it('commands that only change local state refuse --dry-run and change nothing', async () => {
    const authkey = await registered(t.box);
    for (const args of [
      ['logout'],
      ['config', 'set', 'timezone', 'Europe/Lisbon'],
      ['config', 'unset', 'authkey'],
      ['profile', 'use', '--create', 'other'],
      ['demo'],
      ['emulator', 'start', '--port', '0', '--db', ':memory:'],
    ]) {
      const result = await t.box.run([...args, '--dry-run']);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('--dry-run does not apply');
    }
    expect((await t.box.run(['config', 'get', 'authkey', '--reveal'])).stdout.trim()).toBe(authkey);
    expect((await t.box.run(['config', 'get', 'timezone'])).stdout.trim()).toBe('America/Sao_Paulo');
    expect((await t.box.run(['profile', 'ls', '--json'])).stdout).not.toContain('"other"');
  });

  it('demo refuses --json: it is a tour for people', async () => {
    const result = await t.box.run(['demo', '--json']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
  });

  it('an unknown flag is exit 2, and a JSON line under --json', async () => {
    const human = await t.box.run(['devices', 'ls', '--bogus']);
    expect(human.exitCode).toBe(2);
    expect(human.stderr).toContain('--bogus');
    const json = await t.box.run(['devices', 'ls', '--bogus', '--json']);
    expect(json.exitCode).toBe(2);
    expect(json.stdout).toBe('');
    expect(JSON.parse(json.stderr).error.exitCode).toBe(2);
  });
});

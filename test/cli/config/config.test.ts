// config get|set|list and the config file end to end: resolution, masking, the file's mode and errors.
import { chmodSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registered, useEmulatorSandbox } from '../support/harness.js';

const t = useEmulatorSandbox();

function configFile(): string {
  return join(t.box.configDir, 'config.json');
}

describe('config file', () => {
  it('is private (0600) and the mode is re-applied on every write', async () => {
    await registered(t.box);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    chmodSync(configFile(), 0o644);
    expect((await t.box.run(['config', 'set', 'timezone', 'Europe/Lisbon'])).exitCode).toBe(0);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
  });

  it('a corrupt file is a clear error naming it, not a stack trace', async () => {
    await t.box.run(['config', 'set', 'timezone', 'Europe/Lisbon']);
    writeFileSync(configFile(), '{"profiles": {');
    const result = await t.box.run(['config', 'list']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(configFile());
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it.each([
    ['{"profiles":{"default":{"authkey":5}}}', '"authkey" of profile "default" is not a string'],
    ['{"profiles":{"default":{"devices":[{"appkey":"a"}]}}}', '"devices" of profile "default"'],
    ['{"profiles":[]}', '"profiles" is missing or not an object'],
  ])('a file with values of the wrong type (%s) is the same clear error', async (content, problem) => {
    await t.box.run(['config', 'set', 'timezone', 'Europe/Lisbon']);
    writeFileSync(configFile(), content);
    const result = await t.box.run(['status']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(configFile());
    expect(result.stderr).toContain(problem);
  });

  it('resolves flag > env > profile > built-in', async () => {
    const get = async (extraArgs: string[], env: Record<string, string | undefined>) =>
      (await t.box.run(['config', 'get', 'base-url', ...extraArgs], { env })).stdout.trim();
    expect(await get([], { CHATBOT_BASE_URL: undefined })).toBe('http://127.0.0.1:8484');
    await t.box.run(['config', 'set', 'base-url', 'http://profile.example'], { env: { CHATBOT_BASE_URL: undefined } });
    expect(await get([], { CHATBOT_BASE_URL: undefined })).toBe('http://profile.example');
    expect(await get([], { CHATBOT_BASE_URL: 'http://env.example' })).toBe('http://env.example');
    expect(await get(['--base-url', 'http://flag.example'], { CHATBOT_BASE_URL: 'http://env.example' })).toBe(
      'http://flag.example',
    );
  });

  it('masks keys in config get unless --reveal', async () => {
    const authkey = await registered(t.box);
    const masked = await t.box.run(['config', 'get', 'authkey']);
    expect(masked.stdout.trim()).toBe(`${authkey.slice(0, 4)}…${authkey.slice(-4)}`);
    const list = await t.box.run(['config', 'list']);
    expect(list.stdout).not.toContain(authkey);
  });

  it('config list piped is the table only, tab-separated; at a terminal it is headed by the profile and its file', async () => {
    await t.box.run(['config', 'set', 'timezone', 'America/Recife']);
    const piped = await t.box.run(['config', 'list']);
    expect(piped.stdout.split('\n')[0]).toMatch(/^base-url\t/);
    expect(piped.stdout).not.toContain('Profile');
    expect(piped.stdout).toContain('timezone\tAmerica/Recife\tprofile');
    const shown = await t.box.run(['config', 'list'], { tty: true });
    expect(shown.stdout.split('\n')[0]).toBe(`Profile "default" (${configFile()})`);
  });

  it('rejects unknown keys and bad values with exit 2', async () => {
    expect((await t.box.run(['config', 'set', 'colour', 'x'])).exitCode).toBe(2);
    const zone = await t.box.run(['config', 'set', 'timezone', 'Mars/Olympus']);
    expect(zone.exitCode).toBe(2);
    expect(zone.stderr).toContain('IANA time zone');
    expect((await t.box.run(['config', 'set', 'base-url', 'ftp://x'])).exitCode).toBe(2);
  });
});

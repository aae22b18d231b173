// The foundation's rules end to end, in-process, against a real emulator over HTTP.
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Sandbox, newAccount, post, registerArgs, registered, useEmulatorSandbox } from './harness.js';

const t = useEmulatorSandbox();

function configFile(): string {
  return join(t.box.configDir, 'config.json');
}

describe('register', () => {
  it('registers, stores the authkey in the profile and shows the account without the password', async () => {
    const account = newAccount();
    const result = await t.box.run(registerArgs(account), { input: account.password });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`Registered ${account.name} <${account.email}>`);
    expect(result.stdout).not.toContain(account.password);
    const stored = JSON.parse(readFileSync(configFile(), 'utf8'));
    const authkey: string = stored.profiles.default.authkey;
    expect(authkey.length).toBeGreaterThanOrEqual(16);
    expect(result.stdout).toContain(`${authkey.slice(0, 4)}…${authkey.slice(-4)}`);
    expect(result.stdout + result.stderr).not.toContain(authkey);
  });

  it('prints the body as one JSON document with keys masked under --json', async () => {
    const account = newAccount();
    const result = await t.box.run([...registerArgs(account), '--json'], { input: account.password });
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc).toMatchObject({
      status: 200,
      data: { nome: account.name, email: account.email, telefone: '5581989769960' },
    });
    expect(doc.data.authkey).toMatch(/^.{4}….{4}$/);
    expect(doc.data).not.toHaveProperty('senha');
    expect(result.stderr).toBe('');
  });

  it('exits 5 with the service message when the e-mail is taken, and one JSON error line under --json', async () => {
    const account = newAccount();
    expect((await t.box.run(registerArgs(account), { input: account.password })).exitCode).toBe(0);
    const again = await t.box.run(registerArgs(account), { input: account.password });
    expect(again.exitCode).toBe(5);
    expect(again.stderr).toContain('Usuario ja registrado com este e-mail.');
    const json = await t.box.run([...registerArgs(account), '--json'], { input: account.password });
    expect(json.exitCode).toBe(5);
    expect(json.stdout).toBe('');
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        status: 409,
        message: expect.stringMatching(
          /^Usuario ja registrado com este e-mail\. \(a user with this e-mail already exists — use `chatbot login`/,
        ),
        exitCode: 5,
      },
    });
  });

  it('rejects a bad phone before sending (exit 2, names the flag)', async () => {
    const account = { ...newAccount(), phone: '12' };
    const result = await t.box.run(registerArgs(account), { input: account.password });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--phone');
  });

  it('without a terminal, a missing value is exit 2 naming the flag, and the password never comes from a flag', async () => {
    const account = newAccount();
    const noPassword = registerArgs(account).filter((a) => a !== '--password-stdin');
    const result = await t.box.run(noPassword);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('Missing --password-stdin');
    const noName = await t.box.run(
      registerArgs(account).filter((a, i, all) => a !== '--name' && all[i - 1] !== '--name'),
    );
    expect(noName.exitCode).toBe(2);
    expect(noName.stderr).toContain('Missing --name');
    const flag = await t.box.run([...registerArgs(account), '--password', 'x']);
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toContain("unknown option '--password'");
  });

  it('--dry-run prints method, URL and body with secrets masked, and sends nothing', async () => {
    const account = newAccount();
    const dry = await t.box.run([...registerArgs(account), '--dry-run'], { input: account.password });
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(`POST ${t.emulator.url}/api/auth`);
    expect(dry.stdout).toContain('"auth": "registrar"');
    for (let i = 0; i + 4 <= account.password.length; i++)
      expect(dry.stdout).not.toContain(account.password.slice(i, i + 4));
    expect(dry.stdout).toContain('"senha": "********"');
    const real = await t.box.run(registerArgs(account), { input: account.password });
    expect(real.exitCode).toBe(0);
  });
});

describe('devices ls (listDevices)', () => {
  it('lists an account without devices as empty, exit 0, in a table and in JSON', async () => {
    await registered(t.box);
    const human = await t.box.run(['devices', 'ls']);
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toContain('No devices yet');
    const json = await t.box.run(['devices', 'ls', '--json']);
    expect(JSON.parse(json.stdout).dispositivos).toEqual([]);
  });

  it('lists paired devices in a table, keys masked in JSON', async () => {
    const authkey = await registered(t.box);
    const paired = await post(`${t.emulator.url}/api/v2/qrcode`, { authkey, setAppkey: 'loja-centro-0001' });
    expect(paired.status).toBe(200);
    const human = await t.box.run(['devices', 'ls'], { tty: true });
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toContain('loja-centro-0001');
    expect(human.stdout).toMatch(/ID.*NAME.*PHONE.*WEBHOOK/);
    const json = await t.box.run(['devices', 'ls', '--json']);
    const doc = JSON.parse(json.stdout);
    expect(doc.dispositivos).toHaveLength(1);
    expect(json.stdout).not.toContain(authkey);
  });

  it('exits 3 with the service message for an unknown authkey', async () => {
    const result = await t.box.run(['devices', 'ls', '--authkey', 'not-a-real-key-000000']);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/^Error \(401\): /);
    expect(result.stderr).not.toContain('not-a-real-key-000000');
  });

  it('exits 2 naming how to get a key when there is none', async () => {
    const result = await t.box.run(['devices', 'ls']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('chatbot register');
  });

  it('--dry-run masks the authkey', async () => {
    const result = await t.box.run(['devices', 'ls', '--dry-run', '--authkey', 'SECRETKEY-1234567890']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`POST ${t.emulator.url}/api/developer`);
    expect(result.stdout).toContain('"dispositivos": "true"');
    expect(result.stdout).toContain('SECR…7890');
    expect(result.stdout).not.toContain('SECRETKEY-1234567890');
  });
});

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

  it('rejects unknown keys and bad values with exit 2', async () => {
    expect((await t.box.run(['config', 'set', 'colour', 'x'])).exitCode).toBe(2);
    const zone = await t.box.run(['config', 'set', 'timezone', 'Mars/Olympus']);
    expect(zone.exitCode).toBe(2);
    expect(zone.stderr).toContain('IANA time zone');
    expect((await t.box.run(['config', 'set', 'base-url', 'ftp://x'])).exitCode).toBe(2);
  });
});

describe('profiles', () => {
  it('keeps accounts apart and selects with --profile, CHATBOT_PROFILE and profile use', async () => {
    const first = await registered(t.box);
    const account = newAccount();
    expect(
      (await t.box.run([...registerArgs(account), '--profile', 'work'], { input: account.password })).exitCode,
    ).toBe(0);
    const reveal = async (args: string[], env: Record<string, string> = {}) =>
      (await t.box.run(['config', 'get', 'authkey', '--reveal', ...args], { env })).stdout.trim();
    const second = await reveal(['--profile', 'work']);
    expect(second).not.toBe(first);
    expect(await reveal([])).toBe(first);
    expect(await reveal([], { CHATBOT_PROFILE: 'work' })).toBe(second);
    expect((await t.box.run(['profile', 'use', 'work'])).exitCode).toBe(0);
    expect(await reveal([])).toBe(second);
    const list = await t.box.run(['profile', 'ls']);
    expect(list.stdout).toMatch(/^\*\twork\t/m);
  });

  it('an unknown profile name is exit 2 listing the known ones, except in the commands that create a profile', async () => {
    await registered(t.box);
    expect((await t.box.run(['config', 'set', 'timezone', 'Europe/Lisbon', '--profile', 'prod'])).exitCode).toBe(0);
    const typos = [
      await t.box.run(['devices', 'ls', '--profile', 'prdo']),
      await t.box.run(['config', 'get', 'timezone'], { env: { CHATBOT_PROFILE: 'prdo' } }),
      await t.box.run(['profile', 'use', 'prdo']),
    ];
    for (const typo of typos) {
      expect(typo.exitCode, typo.stderr).toBe(2);
      expect(typo.stderr).toContain('No profile named "prdo"');
      expect(typo.stderr).toContain('known profiles: default, prod');
    }
    expect(typos[1]?.stderr).toContain('CHATBOT_PROFILE');
    expect((await t.box.run(['profile', 'ls', '--json'])).stdout).not.toContain('"prdo"');
    expect((await t.box.run(['config', 'get', 'timezone', '--profile', 'prod'])).stdout.trim()).toBe('Europe/Lisbon');
    expect((await t.box.run(['profile', 'use', '--create', 'prdo'])).exitCode).toBe(0);
    expect((await t.box.run(['config', 'get', 'timezone'])).stdout.trim()).toBe('America/Sao_Paulo');
  });

  it('profile rm needs --yes when not interactive', async () => {
    await t.box.run(['profile', 'use', '--create', 'temp']);
    const refused = await t.box.run(['profile', 'rm', 'temp']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect((await t.box.run(['profile', 'rm', 'temp', '--yes'])).exitCode).toBe(0);
    expect((await t.box.run(['profile', 'ls', '--json'])).stdout).not.toContain('"temp"');
  });
});

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

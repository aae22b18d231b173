// register end to end against the emulator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newAccount, registerArgs, useEmulatorSandbox } from '../support/harness.js';

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

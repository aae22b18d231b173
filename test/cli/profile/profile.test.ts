// Profiles end to end: --profile, CHATBOT_PROFILE, profile use|rm, unknown names.
import { describe, expect, it } from 'vitest';
import { newAccount, registerArgs, registered, useEmulatorSandbox } from '../support/harness.js';

const t = useEmulatorSandbox();

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

// The built binary at a real (pseudo-)terminal: prompts of register and pair, the hidden password, the spinner,
// and Ctrl-C while pair waits. Needs `npm run build` first.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BIN, newAccount, post, registered, useEmulatorSandbox } from './support/harness.js';
import { PtySession } from './support/pty-session.js';
import { scanDrawing, storedProfile } from './support/pairing.js';

let session: PtySession | undefined;

beforeAll(() => {
  if (!existsSync(join(BIN, '../../dist/chatbot.js')))
    throw new Error('run `npm run build` before the interactive tests');
});
const t = useEmulatorSandbox();
afterEach(() => {
  session?.kill();
  session = undefined;
});

/** A terminal session: CI unset so that the CLI may prompt. */
function terminal(args: string[]): PtySession {
  session = new PtySession(args, t.box.env({ CI: undefined, TERM: 'xterm' }));
  return session;
}

describe('register at a terminal', () => {
  it('prompts for every value and never shows the password', async () => {
    const account = newAccount();
    const pty = terminal(['register']);
    await pty.expect('Full name');
    pty.send(`${account.name}\r`);
    await pty.expect('E-mail');
    pty.send(`${account.email}\r`);
    await pty.expect('Phone (+55 81 98976-9960, or 81 98976-9960 for a Brazilian number)');
    pty.send(`${account.phone}\r`);
    await pty.expect('Plan ID (as the service gave it to you; the emulator takes any, e.g. 1)');
    pty.send(`${account.plan}\r`);
    await pty.expect('Password');
    pty.send(`${account.password}\r`);
    await pty.expect('Password again');
    pty.send(`${account.password}\r`);
    await pty.expect(`Registered ${account.name} <${account.email}>`);
    expect(await pty.exit()).toBe(0);
    expect(pty.screen).not.toContain(account.password);
    expect(pty.screen).toContain('*'.repeat(account.password.length));
    expect(storedProfile(t.box)).toHaveProperty('authkey');
  });
});

describe('prompts check each answer in place', () => {
  it('explains a bad answer without naming a flag, clears it and asks again; takes a local number as Brazilian; the password is asked again until both entries match', async () => {
    const account = newAccount();
    const pty = terminal(['register']);
    await pty.expect('Full name');
    pty.send(`${account.name}\r`);
    await pty.expect('E-mail');
    pty.send('not-an-email\r');
    const explained = await pty.expect('The answer must be an e-mail address');
    pty.send(`${account.email}\r`);
    await pty.expect('Phone (', 15_000, explained);
    pty.send('12\r');
    const phoneExplained = await pty.expect('The answer must be a phone number', 15_000, explained);
    pty.send('21999887766\r');
    await pty.expect('Plan ID', 15_000, phoneExplained);
    pty.send(`${account.plan}\r`);
    await pty.expect('Password');
    pty.send(`${account.password}\r`);
    const again = await pty.expect('Password again');
    pty.send(`${account.password}-typo\r`);
    const differed = await pty.expect('the two entries differed', 15_000, again);
    pty.send(`${account.password}\r`);
    await pty.expect('Password again', 15_000, differed);
    pty.send(`${account.password}\r`);
    await pty.expect(`Registered ${account.name} <${account.email}>`);
    await pty.expect('phone    5521999887766');
    expect(await pty.exit()).toBe(0);
    expect(pty.screen).not.toContain(account.password);
    expect(pty.screen).not.toMatch(/--(email|phone)/);
    expect(storedProfile(t.box)).toHaveProperty('authkey');
  });
});

describe('pair at a terminal', () => {
  beforeEach(async () => {
    await registered(t.box);
  });

  it('asks QR or phone, draws a scannable QR code, spins while waiting, and ends when the phone links', async () => {
    const pty = terminal(['pair', '--name', 'terminal-qr', '--wait-timeout', '30']);
    await pty.expect('Pair by QR code or by phone number?');
    pty.send('\r');
    const drawn = await pty.expect('Scan it with the phone');
    expect(scanDrawing(pty.screen.slice(0, drawn), 'light', true)).toMatch(/^chatbot-emulator:pair:/);
    await pty.expect(/chatbot emulator connect \S+/);
    await pty.expect(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Waiting for the phone to link the device… \d+ s left/);
    expect(await post(`${t.emulator.url}/__emulator/connect`, { appkey: 'terminal-qr' })).toMatchObject({
      status: 200,
    });
    await pty.expect(/Device \S+ \(dev_\w+\) connected — now the current device/);
    expect(await pty.exit()).toBe(0);
    expect(storedProfile(t.box).appkey).toBe('terminal-qr');
  });

  it('pairs by phone number when chosen, and Ctrl-C while waiting leaves the device paired but not current (exit 130)', async () => {
    const pty = terminal(['pair', '--name', 'terminal-code', '--wait-timeout', '60']);
    await pty.expect('Pair by QR code or by phone number?');
    pty.send('\x1b[B');
    await pty.expect('❯ Phone number');
    pty.send('\r');
    await pty.expect('Phone number of the device');
    pty.send('+5581989769960\r');
    await pty.expect(/Pairing code: \d{4}-\d{4}/);
    await pty.expect('Waiting for the phone');
    pty.send('\x03');
    await pty.expect(/Stopped waiting. Device \S+ \(dev_\w+\) stays/);
    expect(await pty.exit()).toBe(130);
    expect(pty.screen).toContain('stays paired but is not the current device');
    const profile = storedProfile(t.box);
    expect(profile.appkey).toBeUndefined();
    expect(profile.devices?.map((d) => d.name)).toEqual(['terminal-code']);
  });

  it('devices rm asks before deleting', async () => {
    expect((await t.box.run(['pair', '--name', 'terminal-rm', '--no-wait'])).exitCode).toBe(0);
    const pty = terminal(['devices', 'rm', 'terminal-rm']);
    await pty.expect('Delete device "terminal-rm" from the account?');
    pty.send('y\r');
    await pty.expect(/Device \S+ \(dev_\w+\) deleted/);
    expect(await pty.exit()).toBe(0);
    expect(storedProfile(t.box).devices).toEqual([]);
  });
});

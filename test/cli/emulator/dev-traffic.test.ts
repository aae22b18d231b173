// dev shows the whole traffic of its device: each request the bot makes, ✓ or ✗ with the operation, the recipient,
// the status and why it was refused (a fault rule names itself), not the requests of the emulator's other devices;
// and with --json the same as NDJSON, one object per line, keys masked.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../support/wait-for.js';
import { useEmulator } from '../support/harness.js';
import { CONTACT, CONTACT_DIGITS } from '../support/paired-device.js';
import { afterTest, botSends, devReady, dotenv, sandbox, startDev } from './dev-support.js';

// The emulator's reason (the request log's `reason`), the key masked: a wrong authkey is named as such.
const REFUSED_401 =
  /^\d\d:\d\d:\d\d {2}✗ sendText {2}→ 5521998765432 {2}401 .*authkey kkkk…\(40\) is not an account of this emulator/m;
const REFUSED_429 = /^\d\d:\d\d:\d\d {2}✗ sendText {2}→ 5521998765432 {2}429 {2}.*fault rule flt_\d+ \(sendText → 429/m;

describe("chatbot dev shows the bot's requests", () => {
  const fixture = useEmulator();

  /** A device of another tool on the same emulator (the control API's setup). */
  async function otherDevice(appkey: string): Promise<{ authkey: string; appkey: string }> {
    const setup = await fetch(`${fixture.emulator.url}/__emulator/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appkey }),
    });
    return (await setup.json()) as { authkey: string; appkey: string };
  }

  it('a wrong authkey and a fault rule as ✗ lines with their status; another device’s requests not at all', async () => {
    // Another tool's devices on the same emulator, one made before dev and one after: their requests are not the bot's.
    const other = await otherDevice('another-tools-device');
    const box = sandbox(fixture.emulator.url);
    const envFile = join(box.home, '.env');
    const dev = startDev(box, ['--env-file', envFile]);
    afterTest(() => dev.stop());
    await devReady(dev);
    const settings = dotenv(readFileSync(envFile, 'utf8'));
    const appkey = settings.CHATBOT_APPKEY ?? '';
    const authkey = settings.CHATBOT_AUTHKEY ?? '';

    expect(await botSends(fixture.emulator.url, other, CONTACT_DIGITS)).toBe(200);
    const later = await otherDevice('a-later-tools-device');
    expect(await botSends(fixture.emulator.url, later, CONTACT_DIGITS)).toBe(200);
    expect(await botSends(fixture.emulator.url, { authkey: 'k'.repeat(40), appkey }, CONTACT_DIGITS)).toBe(401);
    await waitFor(() => REFUSED_401.test(dev.seen.stdout), {
      what: () => `the 401 in dev's output:\n${dev.seen.stdout}`,
    });

    const fault = await box.run(['emulator', 'fault', 'add', '--operation', 'sendText', '--error', 'rate-limit']);
    expect(fault.exitCode, fault.stderr).toBe(0);
    afterTest(() => box.run(['emulator', 'fault', 'clear']));
    expect(await botSends(fixture.emulator.url, { authkey, appkey }, CONTACT_DIGITS)).toBe(429);
    await waitFor(() => REFUSED_429.test(dev.seen.stdout), {
      what: () => `the 429 in dev's output:\n${dev.seen.stdout}`,
    });

    const sends = dev.seen.stdout.split('\n').filter((line) => line.includes('sendText'));
    expect(sends).toHaveLength(2);
    expect(await dev.stop()).toBe(0);
  });

  it('--json: NDJSON on stdout, one object per line (ready, message, request, webhook), keys masked', async () => {
    const box = sandbox(fixture.emulator.url);
    const envFile = join(box.home, '.env');
    const dev = startDev(box, ['--json', '--env-file', envFile]);
    afterTest(() => dev.stop());
    await devReady(dev, '"type":"ready"');
    const settings = dotenv(readFileSync(envFile, 'utf8'));
    const sent = await box.run(['emulator', 'trigger', 'text', '--from', CONTACT, '-m', 'oi']);
    expect(sent.exitCode, sent.stderr).toBe(0);
    const keys = { authkey: settings.CHATBOT_AUTHKEY ?? '', appkey: settings.CHATBOT_APPKEY ?? '' };
    expect(await botSends(fixture.emulator.url, keys, CONTACT_DIGITS)).toBe(200);
    const objects = () =>
      dev.seen.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; status?: number; direction?: string });
    await waitFor(
      () => {
        const types = new Set(objects().map((object) => object.type));
        return ['ready', 'message', 'request', 'webhook'].every((type) => types.has(type));
      },
      { what: () => `every kind of object in dev's NDJSON:\n${dev.seen.stdout}` },
    );
    expect(objects()[0]?.type).toBe('ready');
    expect(objects().find((object) => object.type === 'request')?.status).toBe(200);
    expect(dev.seen.stdout).not.toContain(keys.authkey);
    expect(dev.seen.stdout).not.toContain(keys.appkey);
    expect(dev.seen.stderr).toBe('');
    expect(await dev.stop()).toBe(0);
  });

  it("marks the bot's lines `bot |`, coloured on a terminal only, and ends with 0 when the bot does", async () => {
    const box = sandbox(fixture.emulator.url);
    const bot = ['--', 'sh', '-c', 'echo hi; echo oops >&2'];
    const plain = startDev(box, bot);
    expect(await plain.exit, plain.seen.stderr).toBe(0);
    expect(plain.seen.stdout).toContain('bot | hi\n');
    expect(plain.seen.stderr).toContain('bot | oops\n');
    expect(plain.seen.stderr).toContain('The bot (`sh -c echo hi; echo oops >&2`) exited with code 0');

    const terminal = startDev(box, bot, {}, { tty: true });
    expect(await terminal.exit, terminal.seen.stderr).toBe(0);
    expect(terminal.seen.stdout).toContain('\u001b[35mbot |\u001b[39m hi\n');
    expect(terminal.seen.stderr).toContain('\u001b[35mbot |\u001b[39m oops\n');
  });

  it('a key written in the bot’s command shows masked where dev names the bot: its start and how it ended', async () => {
    const box = sandbox(fixture.emulator.url);
    const secret = 'chave-escrita-no-comando-0123456789';
    const bot = ['--', 'env', `CHATBOT_AUTHKEY=${secret}`, 'sh', '-c', 'exit 3'];
    const shown = 'env CHATBOT_AUTHKEY=chav…6789 sh -c exit 3';

    const plain = startDev(box, bot);
    expect(await plain.exit, plain.seen.stderr).toBe(3);
    expect(plain.seen.stderr).toContain(`Bot: ${shown} (pid `);
    expect(plain.seen.stderr).toContain(`The bot (\`${shown}\`) exited with code 3`);
    expect(`${plain.seen.stdout}${plain.seen.stderr}`).not.toContain(secret);

    const json = startDev(box, ['--json', ...bot]);
    expect(await json.exit, json.seen.stderr).toBe(3);
    expect(json.seen.stdout).toContain(
      `"command":${JSON.stringify(['env', 'CHATBOT_AUTHKEY=chav…6789', 'sh', '-c', 'exit 3'])}`,
    );
    expect(json.seen.stderr).toContain(`The bot (\`${shown}\`) exited with code 3`);
    expect(`${json.seen.stdout}${json.seen.stderr}`).not.toContain(secret);
  });
});

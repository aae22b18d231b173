// How dev hands the bot its settings besides running it: `eval "$(chatbot dev --print-env)"` in bash (a real shell
// and a real process), `--env-file` (0600, its values work, written again when the emulator's state is erased), and
// the console's deep link, printed and opened with --open through $BROWSER.
import { execa } from 'execa';
import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../support/wait-for.js';
import { BIN, useEmulator } from '../support/harness.js';
import { CONTACT_DIGITS } from '../support/paired-device.js';
import { afterTest, botSends, devReady, dotenv, freePort, sandbox, startDev } from './dev-support.js';

describe('chatbot dev --print-env', () => {
  const fixture = useEmulator();

  it('`eval "$(chatbot dev --print-env)"` in bash gives the bot settings that work, and nothing else', async () => {
    const box = sandbox(fixture.emulator.url);
    const script = `eval "$(node ${JSON.stringify(BIN)} dev --print-env)" && printf '%s\\n' "$CHATBOT_BASE_URL" "$CHATBOT_AUTHKEY" "$CHATBOT_APPKEY"`;
    const shell = await execa('bash', ['-c', script], { env: box.env(), extendEnv: false, reject: false });
    expect(shell.exitCode, shell.stderr).toBe(0);
    const [baseUrl = '', authkey = '', appkey = ''] = shell.stdout.split('\n');
    expect(baseUrl).toBe(fixture.emulator.url);
    expect(await botSends(baseUrl, { authkey, appkey }, CONTACT_DIGITS)).toBe(200);
    const printed = await execa('node', [BIN, 'dev', '--print-env'], { env: box.env(), extendEnv: false });
    expect(printed.stdout.split('\n')).toEqual([
      `export CHATBOT_BASE_URL=${fixture.emulator.url}`,
      `export CHATBOT_AUTHKEY=${authkey}`,
      `export CHATBOT_APPKEY=${appkey}`,
    ]);
  });

  it('with no emulator answering it starts none, prints nothing on stdout and says what to run', async () => {
    const box = sandbox(`http://127.0.0.1:${await freePort()}`);
    const result = await box.spawn(['dev', '--print-env']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--print-env starts none');
    expect(result.stderr).toContain('run `chatbot dev` in another terminal first');
  });
});

describe('chatbot dev --env-file and the console link', () => {
  const fixture = useEmulator();

  it('writes the settings 0600, and writes them again when the emulator state is erased (the device made again)', async () => {
    const box = sandbox(fixture.emulator.url);
    const envFile = join(box.home, '.env');
    const dev = startDev(box, ['--webhook', 'http://127.0.0.1:3000/', '--env-file', envFile]);
    afterTest(() => dev.stop());
    await devReady(dev);
    expect(statSync(envFile).mode & 0o777).toBe(0o600);
    const settings = dotenv(readFileSync(envFile, 'utf8'));
    expect(Object.keys(settings)).toEqual(['CHATBOT_BASE_URL', 'CHATBOT_AUTHKEY', 'CHATBOT_APPKEY', 'PORT']);
    expect(settings.PORT).toBe('3000');
    const keys = { authkey: settings.CHATBOT_AUTHKEY ?? '', appkey: settings.CHATBOT_APPKEY ?? '' };
    expect(await botSends(settings.CHATBOT_BASE_URL ?? '', keys, CONTACT_DIGITS)).toBe(200);
    expect(dev.seen.stderr).not.toContain(keys.authkey);

    rmSync(envFile);
    expect((await box.run(['emulator', 'reset', '--yes'])).exitCode).toBe(0);
    await waitFor(() => existsSync(envFile), { what: () => `the env file written again: ${dev.seen.stderr}` });
    expect(statSync(envFile).mode & 0o777).toBe(0o600);
    expect(dotenv(readFileSync(envFile, 'utf8'))).toEqual(settings);
    expect(await botSends(fixture.emulator.url, keys, CONTACT_DIGITS)).toBe(200);
    // The device made again with the appkey given is named by it: dev still never shows the key whole.
    await waitFor(() => dev.seen.stderr.split('The traffic both ways follows').length === 3, {
      what: () => `dev to follow the device made again: ${dev.seen.stderr}`,
    });
    expect(dev.seen.stderr).not.toContain(keys.appkey);
    expect(dev.seen.stderr).not.toContain(keys.authkey);
    expect(await dev.stop(), dev.seen.stderr).toBe(0);
  });

  it("prints the console's deep link to the suggested contact's chat, and --open hands it to $BROWSER", async () => {
    const box = sandbox(fixture.emulator.url);
    const opened = join(box.home, 'opened.txt');
    const browser = join(box.home, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > ${JSON.stringify(opened)}\n`);
    chmodSync(browser, 0o755);
    const dev = startDev(box, ['--open'], { BROWSER: browser });
    afterTest(() => dev.stop());
    await devReady(dev);
    const link = /^Console: (\S+) \(the chat with \+5521998765432\)$/m.exec(dev.seen.stderr)?.[1];
    const device = /^Device \S+ \((dev_\w+)\) connected/m.exec(dev.seen.stderr)?.[1];
    expect(link).toBe(`${fixture.emulator.url}/?device=${device ?? '?'}&contact=${CONTACT_DIGITS}`);
    await waitFor(() => existsSync(opened), { what: 'the browser script to be run' });
    expect(readFileSync(opened, 'utf8')).toBe(link);
    const page = await fetch(link ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`"chat":"${CONTACT_DIGITS}"`);
    expect(await dev.stop(), dev.seen.stderr).toBe(0);
  });
});

// chatbot test says what the bot did: for each common mistake of a bot (a real process talking HTTP), the failure
// report names the cause in words, from what the emulator saw; the same facts in the JSON, TAP, JUnit and GitHub
// reports; and a refused send carries X-Emulator-Reason on the wire.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withEmulator } from '../support/harness.js';
import { startMistakenBot } from './bots.js';
import { useBotSuite } from './suite.js';

const KEYS = { authkey: 'chave-do-bot-com-erros-0123456789', appkey: 'bot-com-erros-01' };
const WRONG_AUTHKEY = 'chave-errada-do-bot-9876543210';

const suite = useBotSuite('diagnosis', KEYS.appkey);
const { control } = suite;

beforeAll(async () => {
  await control('/__emulator/setup', KEYS);
});
afterEach(async () => {
  await control('/__emulator/faults/clear', {});
});

const CONVERSATION = `device: ${KEYS.appkey}
conversations:
  - name: saudação
    steps:
      - say: oi
      - expect: Olá!
`;

const conversationFile = () => suite.conversationFile(CONVERSATION);

const run = (args: string[]) =>
  suite.box.run(['test', ...args, '--emulator-url', suite.emulator.url, '--step-timeout', '2'], {
    env: { CHATBOT_AUTHKEY: KEYS.authkey },
  });

/** Runs the conversation against a bot with `mistake`; the readable report. */
async function failingRun(
  mistake: string,
  keys = KEYS,
  base = suite.emulator.url,
  extra: string[] = [],
): Promise<{ stdout: string; file: string; botUrl: string }> {
  suite.bot = await startMistakenBot(mistake, base, keys);
  const file = conversationFile();
  const result = await run([file, '--bot-url', suite.bot.url, ...extra]);
  expect(result.exitCode, result.stdout + result.stderr).toBe(1);
  expect(result.stdout).not.toContain(KEYS.authkey);
  return { stdout: result.stdout, file, botUrl: suite.bot.url };
}

const SAW = 'what the emulator saw from the bot:';

describe('chatbot test explains a bot that did something wrong', () => {
  it('a wrong authkey: the 401 and that the key is no account here, masked', async () => {
    const { stdout } = await failingRun('wrong-authkey', { ...KEYS, authkey: WRONG_AUTHKEY });
    expect(stdout).toContain(SAW);
    expect(stdout).toContain(
      `request POST /api/create-message sendText → 401: authkey chav…(${WRONG_AUTHKEY.length}) is not an account of this emulator`,
    );
    expect(stdout).toContain("the bot's requests carried keys this device does not take");
    expect(stdout).not.toContain(WRONG_AUTHKEY);
  });

  it('an appkey of another account: whose device it is', async () => {
    await control('/__emulator/setup', { authkey: 'chave-da-outra-conta-0123456789', appkey: 'outra-conta-loja' });
    const { stdout } = await failingRun('other-appkey', { ...KEYS, appkey: 'outra-conta-loja' });
    expect(stdout).toMatch(
      /request POST \/api\/create-message sendText → 404: appkey outr…\(16\) is another account's: device outr…\(16\) belongs to account \S+@…, not to \S+@… \(the authkey's\)/,
    );
  });

  it('a buttons message without displaytext: the field by its path', async () => {
    const { stdout } = await failingRun('buttons-without-displaytext');
    expect(stdout).toContain('request POST /api/create-message sendButtons → 401: buttons[0].displaytext is missing');
  });

  it('a poll with 13 options: the limit', async () => {
    const { stdout } = await failingRun('poll-13');
    expect(stdout).toContain(
      'request POST /api/create-message sendPoll → 403: opcoes: a poll has 13 options; the limit is 12',
    );
  });

  it('a bot that sends to another emulator: nothing arrived, where to send, and that the event was delivered', async () => {
    const other = await withEmulator();
    try {
      await fetch(`${other.url}/__emulator/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(KEYS),
      });
      const { stdout, botUrl } = await failingRun('other-emulator', KEYS, other.url);
      expect(stdout).toContain(
        `nothing arrived from the bot: no request for this device or contact reached the emulator at ${suite.emulator.url}`,
      );
      expect(stdout).toContain(
        `the bot must send to ${suite.emulator.url} (its base URL) with authkey chav…(${KEYS.authkey.length}) and appkey bot-…(16)`,
      );
      expect(stdout).toContain(`the contact's message was delivered to ${botUrl}, and the bot answered it`);
      expect(stdout).toMatch(new RegExp(`webhook text event \\(delivery \\d+, attempt 1\\) to ${botUrl} → HTTP 200`));
    } finally {
      await other.close();
    }
  });

  it('a bot that answers its webhook 500: the delivery and its status', async () => {
    const { stdout, botUrl } = await failingRun('webhook-500');
    expect(stdout).toMatch(
      new RegExp(`webhook text event \\(delivery \\d+, attempt 1\\) to ${botUrl} → HTTP 500 in \\d+ ms`),
    );
    // The next attempt in the profile's time zone, as every command writes times, not as ISO.
    expect(stdout).toMatch(/\(next attempt at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)/);
    expect(stdout).not.toMatch(/next attempt at \d{4}-\d\d-\d\dT/);
    expect(stdout).toContain('nothing arrived from the bot');
    // Its handler failed: not a bot that sends elsewhere, so no address and keys to send with.
    expect(stdout).toContain(
      "the bot answered the contact's message with HTTP 500: its webhook handler failed (its own log says why)",
    );
    expect(stdout).not.toContain('the bot must send to');
  });

  it('a send refused by a fault rule: the rule', async () => {
    const added = await control('/__emulator/faults', { operation: 'sendText', error: 'rate-limit' });
    const rule = (added.falha as { id: string }).id;
    const { stdout } = await failingRun('fault');
    expect(stdout).toContain(`request POST /api/create-message sendText → 429: fault rule ${rule} (sendText → 429)`);
  });
});

describe('the same facts in every report', () => {
  it('the --junit file masks the keys as stdout does (a failing report quoting the authkey)', async () => {
    suite.bot = await startMistakenBot('poll-13', suite.emulator.url, KEYS);
    const file = suite.conversationFile(CONVERSATION.replace('expect: Olá!', `expect: "Olá! ${KEYS.authkey}"`));
    const junitFile = join(suite.dir, 'masked.xml');
    const result = await run([file, '--bot-url', suite.bot.url, '--junit', junitFile]);
    expect(result.exitCode, result.stdout + result.stderr).toBe(1);
    const masked = `${KEYS.authkey.slice(0, 4)}…${KEYS.authkey.slice(-4)}`;
    expect(result.stdout).toContain(masked);
    const junit = readFileSync(junitFile, 'utf8');
    expect(junit).toContain(masked);
    expect(junit).not.toContain(KEYS.authkey);
  });

  it('json, tap, junit and github (an annotation at the failing step)', async () => {
    suite.bot = await startMistakenBot('poll-13', suite.emulator.url, KEYS);
    const file = conversationFile();
    const reason = 'opcoes: a poll has 13 options; the limit is 12';
    const json = await run([file, '--bot-url', suite.bot.url, '--json']);
    const failure = JSON.parse(json.stdout).results[0].failure;
    expect(failure.diagnosis).toContain(`request POST /api/create-message sendPoll → 403: ${reason}`);
    const tap = await run([file, '--bot-url', suite.bot.url, '--reporter', 'tap']);
    expect(tap.stdout).toContain('emulator:');
    expect(tap.stdout).toContain(reason);
    const junitFile = join(suite.dir, 'report.xml');
    await run([file, '--bot-url', suite.bot.url, '--junit', junitFile]);
    expect(readFileSync(junitFile, 'utf8')).toContain(reason);
    const github = await run([file, '--bot-url', suite.bot.url, '--reporter', 'github']);
    expect(github.exitCode).toBe(1);
    const annotation = github.stdout.split('\n').find((line) => line.startsWith('::error '));
    expect(annotation).toMatch(new RegExp(`^::error file=${file.replace(/[/.]/g, '\\$&')},line=6,title=`));
    expect(annotation).toContain(`%0Awhat the emulator saw from the bot:%0A`);
    expect(annotation).toContain(reason);
  });
});

/** The raw answer head, as `curl -i` prints it. */
function rawPost(url: string, body: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.end(
        `POST /api/create-message HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('on the wire', () => {
  it('a rejected send shows X-Emulator-Reason in the raw answer, and the body is the service’s', async () => {
    const body = JSON.stringify({ ...KEYS, to: 'abc', message: 'Oi' });
    const answer = await rawPost(suite.emulator.url, body);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toMatch(/\r\nx-emulator-reason: to "abc" is not a phone number or group id\r\n/i);
    expect(answer.endsWith('{"status":401,"message":"validation.required"}')).toBe(true);
  });
});

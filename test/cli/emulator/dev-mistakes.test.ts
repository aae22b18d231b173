// chatbot dev explains each of a bot's seven common mistakes with the cause in words, for a real bot process it runs
// (test/cli/test/mistaken-bot.mjs, its settings put wrong with `env` where the mistake is a setting): the refused
// send's line carries the emulator's reason, the webhook's its status, and a bot that sends to another emulator
// gets the hint of where to send; with --json the same facts, one object per line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { waitFor } from '../../support/wait-for.js';
import { MISTAKEN_BOT } from '../test/bots.js';
import { useEmulator, withEmulator } from '../support/harness.js';
import { CONTACT } from '../support/paired-device.js';
import { afterTest, freePort, sandbox, startDev, type InProcessDev } from './dev-support.js';

const WRONG_AUTHKEY = 'k'.repeat(40);
const OTHER_ACCOUNT = { authkey: 'chave-da-outra-conta-0123456789', appkey: 'outra-conta-loja' };

type Output = { type: string; [field: string]: unknown };

interface Mistake {
  name: string;
  /** MISTAKE, for a mistake in the bot's code. */
  mistake?: string;
  /** The bot's settings put wrong (`NAME=value` for `env`). */
  settings?: (other: RunningEmulator) => string[];
  /** A fault rule added before the contact writes. */
  fault?: boolean;
  /** What dev writes for it on a terminal (stdout, or stderr for a hint). */
  line: RegExp;
  stream?: 'stdout' | 'stderr';
  /** The object dev writes for it with --json. */
  object: (object: Output) => boolean;
}

const TIME = String.raw`^\d\d:\d\d:\d\d {2}`;
const refused = (operation: string, status: number, reason: string) =>
  new RegExp(`${TIME}✗ ${operation} {2}→ 5521998765432 {2}${status} {2}${reason}`, 'm');
const refusedObject = (operation: string, status: number, reason: RegExp) => (object: Output) =>
  object.type === 'request' &&
  object.operation === operation &&
  object.status === status &&
  reason.test(String(object.reason));

const MISTAKES: Mistake[] = [
  {
    name: 'a wrong authkey: that key is no account of this emulator, masked',
    settings: () => [`CHATBOT_AUTHKEY=${WRONG_AUTHKEY}`],
    line: refused('sendText', 401, String.raw`authkey kkkk…\(40\) is not an account of this emulator`),
    object: refusedObject('sendText', 401, /authkey kkkk…\(40\) is not an account of this emulator/),
  },
  {
    name: 'an appkey of another account: whose device it is',
    settings: () => [`CHATBOT_APPKEY=${OTHER_ACCOUNT.appkey}`],
    line: refused('sendText', 404, String.raw`appkey outr…\(16\) is another account's: device outr…\(16\) belongs to`),
    object: refusedObject('sendText', 404, /appkey outr…\(16\) is another account's/),
  },
  {
    name: 'a buttons message without displaytext: the field by its path',
    mistake: 'buttons-without-displaytext',
    line: refused('sendButtons', 401, String.raw`buttons\[0\]\.displaytext is missing`),
    object: refusedObject('sendButtons', 401, /^buttons\[0\]\.displaytext is missing/),
  },
  {
    name: 'a poll with 13 options: the limit',
    mistake: 'poll-13',
    line: refused('sendPoll', 403, 'opcoes: a poll has 13 options; the limit is 12'),
    object: refusedObject('sendPoll', 403, /^opcoes: a poll has 13 options; the limit is 12$/),
  },
  {
    name: 'a send refused by a fault rule: the rule',
    fault: true,
    line: refused('sendText', 429, String.raw`.*fault rule flt_\d+ \(sendText → 429`),
    object: refusedObject('sendText', 429, /fault rule flt_\d+ \(sendText → 429/),
  },
  {
    name: 'a bot that answers its webhook 500: the delivery, its status and the next attempt',
    mistake: 'webhook-500',
    line: new RegExp(
      `${TIME}✗ webhook text \\S+ \\(attempt 1\\) {2}500 {2}\\d+ ms {2}next attempt \\d\\d:\\d\\d:\\d\\d$`,
      'm',
    ),
    object: (object) => object.type === 'webhook' && object.httpStatus === 500 && typeof object.proxima === 'string',
  },
  {
    name: 'a bot that sends to another emulator: nothing reached this one, and where to send with which keys',
    settings: (other) => [`CHATBOT_BASE_URL=${other.url}`],
    stream: 'stderr',
    line: /^Hint: the bot answered the contact's text \S+ with 200 and, 0\.2 s on, no request of its has reached this emulator.*\n {2}This emulator listens at (http:\S+); the bot must send there: CHATBOT_BASE_URL=\1 CHATBOT_AUTHKEY=\S{4}…\S{4} CHATBOT_APPKEY=\S{4}…\S{4}$/m,
    object: (object) =>
      object.type === 'hint' &&
      object.hint === 'silent-bot' &&
      typeof object.baseUrl === 'string' &&
      /^\S{4}…\S{4}$/.test(String(object.authkey)) &&
      /^\S{4}…\S{4}$/.test(String(object.appkey)),
  },
];

/** All dev wrote, the bot's command line it echoes included: the test puts the wrong key there, with `env`. */
const everything = (dev: InProcessDev) => `${dev.seen.stdout}${dev.seen.stderr}`;

describe("chatbot dev explains a bot's mistakes", () => {
  const fixture = useEmulator();
  let other: RunningEmulator | undefined;

  beforeAll(async () => {
    other = await withEmulator();
    const made = await fetch(`${fixture.emulator.url}/__emulator/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OTHER_ACCOUNT),
    });
    expect(made.status).toBe(200);
  });
  afterAll(() => other?.close());

  /** dev running the mistaken bot on a free port as its webhook, once the bot listens; the contact then writes. */
  async function devWithBot(mistake: Mistake, json: boolean): Promise<InProcessDev> {
    const box = sandbox(fixture.emulator.url);
    if (mistake.fault) {
      const added = await box.run(['emulator', 'fault', 'add', '--operation', 'sendText', '--error', 'rate-limit']);
      expect(added.exitCode, added.stderr).toBe(0);
      afterTest(() => box.run(['emulator', 'fault', 'clear']));
    }
    const port = await freePort();
    const settings = mistake.settings?.(other as RunningEmulator) ?? [];
    const dev = startDev(
      box,
      [
        ...(json ? ['--json'] : []),
        ...['--webhook', `http://127.0.0.1:${port}/`, '--hint-after', '200ms'],
        ...['--', 'env', ...settings, process.execPath, MISTAKEN_BOT],
      ],
      { MISTAKE: mistake.mistake ?? 'none' },
    );
    afterTest(() => dev.stop());
    await waitFor(() => dev.seen.stdout.includes('Mistaken bot listening on'), {
      what: () => `the bot to listen:\n${dev.seen.stdout}\n${dev.seen.stderr}`,
    });
    const wrote = await box.run(['emulator', 'trigger', 'text', '--from', CONTACT, '-m', 'oi']);
    expect(wrote.exitCode, wrote.stderr).toBe(0);
    return dev;
  }

  it.each(MISTAKES)('$name', async (mistake) => {
    const dev = await devWithBot(mistake, false);
    const stream = mistake.stream ?? 'stdout';
    await waitFor(() => mistake.line.test(dev.seen[stream]), {
      what: () => `the line in dev's ${stream}:\n${dev.seen.stdout}\n---\n${dev.seen.stderr}`,
    });
    expect(everything(dev)).not.toContain(WRONG_AUTHKEY);
    expect(await dev.stop()).toBe(130);
  });

  it('--hint-after without --webhook is refused: the built-in receiver answers the events, no bot', async () => {
    const box = sandbox(fixture.emulator.url);
    const refused = await box.run(['dev', '--hint-after', '1s']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--hint-after');
    expect(refused.stderr).toContain('needs --webhook');
    expect(refused.stdout).toBe('');
  });

  it.each(MISTAKES)('--json: $name', async (mistake) => {
    const dev = await devWithBot(mistake, true);
    const objects = () =>
      dev.seen.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Output);
    await waitFor(() => objects().some(mistake.object), {
      what: () => `the object in dev's NDJSON:\n${dev.seen.stdout}`,
    });
    expect(everything(dev)).not.toContain(WRONG_AUTHKEY);
  });
});

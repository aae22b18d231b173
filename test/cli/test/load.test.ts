// chatbot test --load against a real bot process (test/cli/test/load-bot.mjs) over real HTTP, on an emulator running
// in this process: a slow bot's answer times rise with the contacts waiting for it and fail a threshold (exit 1), a
// bot that answers a redelivered event again is caught under --redeliver while an idempotent one passes, and what
// load mode refuses.
import { describe, expect, it } from 'vitest';
import { startLoadBot } from './bots.js';
import { useBotSuite } from './suite.js';

const KEYS = { authkey: 'chave-do-bot-de-carga-0123456789', appkey: 'carga' };

const suite = useBotSuite('load', KEYS.appkey);
const { conversationFile } = suite;

const ECHO = `conversations:
  - name: eco
    steps:
      - say: oi
      - expect: 'eco: oi'
`;

interface Summary {
  contacts: { started: number; passed: number; failed: number };
  answerTime: { count: number; p50: number; p95: number };
  timeline: { second: number; arrivals: number; p50: number | null }[];
  thresholds: { name: string; passed: boolean; value: string }[];
  duplicates: {
    count: number;
    redelivered: number;
    contacts: { contact: string; conversation: string; step: string }[];
  };
  webhooks: { attempts: number };
  rejected: {
    count: number;
    of: number;
    reasons: { status: number | null; operation: string | null; count: number }[];
  };
  passed: boolean;
}

async function load(file: string, args: string[]) {
  const result = await suite.box.run(
    [
      'test',
      file,
      '--load',
      '--json',
      '--emulator-url',
      suite.emulator.url,
      '--bot-url',
      suite.bot?.url ?? '',
      ...args,
    ],
    { env: { CHATBOT_AUTHKEY: KEYS.authkey } },
  );
  return { ...result, summary: result.stdout === '' ? undefined : (JSON.parse(result.stdout) as Summary) };
}

describe('chatbot test --load', () => {
  it('a slow bot (200 ms an answer, one at a time) falls behind 10 contacts a second: answer times rise, p95 fails its threshold (exit 1)', async () => {
    suite.bot = await startLoadBot(suite.emulator.url, KEYS, { delayMs: 200, concurrency: 1 });
    const { exitCode, summary, stderr } = await load(conversationFile(ECHO), [
      '--arrival',
      '10/s:2s',
      '--max',
      'p95=150ms,errors=0',
      '--step-timeout',
      '30',
      '--timeout',
      '60',
    ]);
    expect(summary, stderr).toBeDefined();
    expect(summary?.contacts).toEqual({ started: 20, passed: 20, failed: 0 });
    expect(summary?.answerTime.count).toBe(20);
    // The contacts of the run's last second waited behind those before them.
    const seconds = (summary?.timeline ?? []).filter((second) => second.p50 !== null);
    const first = seconds[0]?.p50 ?? 0;
    const last = seconds.at(-1)?.p50 ?? 0;
    expect(seconds.length).toBeGreaterThan(1);
    expect(last).toBeGreaterThan(first);
    expect(summary?.thresholds).toEqual([
      expect.objectContaining({ name: 'p95', passed: false }),
      expect.objectContaining({ name: 'errors', passed: true }),
    ]);
    expect(summary?.passed).toBe(false);
    expect(exitCode).toBe(1);
  });

  it('a bot that answers at once passes the same thresholds (exit 0), and the summary table names the step', async () => {
    suite.bot = await startLoadBot(suite.emulator.url, KEYS);
    const file = conversationFile(ECHO);
    const args = ['--arrival', '10/s:1s', '--max', 'p95=10s,errors=0'];
    const { exitCode, summary } = await load(file, args);
    expect(summary?.contacts.passed).toBe(10);
    expect(summary?.webhooks.attempts).toBeGreaterThanOrEqual(10);
    expect(exitCode).toBe(0);
    const table = await suite.box.run(
      ['test', file, '--load', '--emulator-url', suite.emulator.url, '--bot-url', suite.bot.url, ...args],
      { env: { CHATBOT_AUTHKEY: KEYS.authkey } },
    );
    expect(table.stdout).toContain('eco › 1 say "oi"');
    expect(table.stdout).toMatch(/✓ p95 ≤ 10s/);
  });

  it('--redeliver 100%: a bot that answers each delivery is caught answering twice, naming the contact and step', async () => {
    suite.bot = await startLoadBot(suite.emulator.url, KEYS, { idempotent: false });
    const { exitCode, summary } = await load(conversationFile(ECHO), ['--contacts', '5', '--redeliver', '100%']);
    expect(summary?.duplicates.redelivered).toBe(5);
    expect(summary?.duplicates.count).toBe(5);
    expect(summary?.duplicates.contacts[0]).toEqual({
      contact: expect.stringMatching(/^\+55119\d{8}$/),
      conversation: 'eco',
      step: '1 say "oi"',
    });
    expect(summary?.thresholds).toContainEqual(expect.objectContaining({ name: 'duplicates', passed: false }));
    expect(exitCode).toBe(1);
  });

  it('--redeliver 100%: a bot that answers each event id once passes', async () => {
    suite.bot = await startLoadBot(suite.emulator.url, KEYS, { idempotent: true });
    const { exitCode, summary } = await load(conversationFile(ECHO), ['--contacts', '5', '--redeliver', '100%']);
    expect(summary?.duplicates.redelivered).toBe(5);
    expect(summary?.duplicates.count).toBe(0);
    expect(summary?.contacts.passed).toBe(5);
    expect(exitCode).toBe(0);
  });

  it('counts the bot’s requests the emulator refused, by status, and --max rejected fails the run', async () => {
    suite.bot = await startLoadBot(suite.emulator.url, KEYS, { refusedFirst: true });
    const { exitCode, summary } = await load(conversationFile(ECHO), ['--contacts', '4', '--max', 'rejected=0']);
    expect(summary?.contacts.passed).toBe(4);
    expect(summary?.rejected.count).toBe(4);
    expect(summary?.rejected.of).toBeGreaterThanOrEqual(8);
    // One group: the same refusal (a 4xx of the service) four times.
    expect(summary?.rejected.reasons).toEqual([
      expect.objectContaining({ status: expect.any(Number) as number, count: 4 }),
    ]);
    expect(summary?.rejected.reasons[0]?.status).toBeGreaterThanOrEqual(400);
    expect(summary?.thresholds).toEqual([expect.objectContaining({ name: 'rejected', passed: false })]);
    expect(exitCode).toBe(1);
  });

  it('refuses a conversation that moves the clock, with the reason, before anything starts (exit 2)', async () => {
    const file = conversationFile(`conversations:
  - name: lembrete
    steps:
      - say: oi
      - advance: 1h
`);
    const { exitCode, stderr } = await suite.box.run(['test', file, '--load', '--emulator-url', suite.emulator.url]);
    expect(exitCode).toBe(2);
    expect(stderr).toContain(`${file}:6: "lembrete" moves the emulator's clock with step 2 (\`advance\`)`);
    expect(stderr).toContain('the clock is one for every contact');
  });

  it('refuses the load flags without --load, and the test reporters with it (exit 2)', async () => {
    const file = conversationFile(ECHO);
    const plain = await suite.box.run(['test', file, '--emulator-url', suite.emulator.url, '--max', 'p95=1s']);
    expect(plain.exitCode).toBe(2);
    expect(plain.stderr).toContain('--max belongs to a load run: add --load');
    const junit = await suite.box.run([
      'test',
      file,
      '--load',
      '--emulator-url',
      suite.emulator.url,
      '--junit',
      'x.xml',
    ]);
    expect(junit.exitCode).toBe(2);
    expect(junit.stderr).toContain('--load prints its own summary: leave out --junit');
  });
});

// The examples in CI: the menu bot (examples/menu-bot) passes its conversations against the emulator `chatbot test`
// starts, and the deliberately failing conversation is reported as it should be: the step, the expectation, what the
// bot sent instead, a diff and the conversation so far, exit 1; in every report format, JUnit read by a JUnit parser
// and TAP by a TAP parser.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseJunit } from 'junit2json';
import { Parser as TapParser } from 'tap-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../support/harness.js';
import { freePort, startExampleBot, type RunningBot } from './bots.js';

const KEYS = { authkey: 'chave-secreta-do-bot-de-teste-0001', appkey: 'pizzaria' };
const PASSING = 'examples/menu-bot/conversations';
const FAILING = 'examples/menu-bot/failing/greeting-typo.yaml';

let port: number;
let bot: RunningBot;
let box: Sandbox;
let dir: string;

beforeAll(async () => {
  port = await freePort();
  bot = await startExampleBot(`http://127.0.0.1:${port}`, KEYS);
  box = new Sandbox('http://127.0.0.1:9');
  dir = mkdtempSync(join(tmpdir(), 'chatbot-test-reports-'));
});
afterAll(async () => {
  await bot.stop();
  box.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const runTest = (...args: string[]) =>
  box.run(['test', ...args, '--bot-url', bot.url, '--port', String(port)], {
    env: { CHATBOT_AUTHKEY: KEYS.authkey },
  });

function expectNoKey(output: string): void {
  expect(output).not.toContain(KEYS.authkey);
}

describe('the example menu bot', () => {
  it('passes every conversation of examples/menu-bot/conversations (exit 0), each step shown', async () => {
    const result = await runTest(PASSING);
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('Conversations: 7 passed, 0 failed, 0 skipped');
    expect(result.stdout).toContain('✓ examples/menu-bot/conversations/menu.yaml › takes an order by poll');
    expect(result.stdout).toContain('    ✓ 6 vote Calabresa');
    expect(result.stdout).toContain('    ✓ 9 expect text "Lembrete: hoje tem pizza! 🍕"');
    expect(result.stdout).not.toContain('✗');
    expectNoKey(result.stdout + result.stderr);
  });

  it('fails the deliberately failing conversation: the step, the expectation, what was sent, a diff (exit 1)', async () => {
    const result = await runTest(FAILING);
    expect(result.exitCode).toBe(1);
    const lines = result.stdout.split('\n');
    // The conversation so far may also show the buttons, sent right after the greeting, when they came in time.
    expect(lines.slice(0, 11)).toEqual([
      `✗ ${FAILING} › expects another greeting`,
      '    ✓ 1 say "oi"',
      '    ✗ 2 expect text "Olá, Ana! Bem-vinda à Pizzaria Bella."',
      `      Failed at ${FAILING}:9: expected text "Olá, Ana! Bem-vinda à Pizzaria Bella."; the bot sent text "Olá, Ana! Eu sou o bot da Pizzaria Bella." instead`,
      '      - expected, + sent:',
      '          kind: text',
      '        - text: "Olá, Ana! Bem-vinda à Pizzaria Bella."',
      '        + text: "Olá, Ana! Eu sou o bot da Pizzaria Bella."',
      '      conversation so far:',
      '        Ana: oi',
      '        bot: text "Olá, Ana! Eu sou o bot da Pizzaria Bella."',
    ]);
    expect(lines).toContain('    · 3 expect buttons [Cardápio, Horários, Lembrete] (not run)');
    expect(result.stdout).toContain('Conversations: 0 passed, 1 failed, 0 skipped');
    expect(result.stderr).toContain('1 of 1 conversations failed');
  });

  it('writes JUnit XML that a JUnit parser reads with the right counts (--reporter junit and --junit FILE)', async () => {
    const file = join(dir, 'report.xml');
    const result = await runTest(FAILING, `${PASSING}/menu.yaml`, '--reporter', 'junit', '--junit', file);
    expect(result.exitCode).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(result.stdout);
    const report = await parseJunit(result.stdout);
    expect(report).toMatchObject({ name: 'chatbot test', tests: 5, failures: 1, errors: 0, skipped: 0 });
    const suites = report && 'testsuite' in report ? (report.testsuite ?? []) : [];
    expect(suites.map((suite) => [suite.name, suite.tests, suite.failures])).toEqual([
      [FAILING, 1, 1],
      [`${PASSING}/menu.yaml`, 4, 0],
    ]);
    const cases = suites.flatMap((suite) => suite.testcase ?? []);
    expect(cases).toHaveLength(5);
    const failed = cases.filter((testCase) => (testCase.failure ?? []).length > 0);
    expect(failed.map((testCase) => testCase.name)).toEqual(['expects another greeting']);
    expect(failed[0]?.failure?.[0]?.message).toContain(`step 2 (${FAILING}:9): expected text "Olá, Ana! Bem-vinda`);
    expect(failed[0]?.failure?.[0]?.inner).toContain('+ text: "Olá, Ana! Eu sou o bot da Pizzaria Bella."');
    expectNoKey(result.stdout);
  });

  it('writes TAP that a TAP parser reads: one test point per conversation, the failure in its YAML block', async () => {
    const result = await runTest(FAILING, `${PASSING}/menu.yaml`, '--reporter', 'tap', '--grep', 'greet|hours');
    expect(result.exitCode).toBe(1);
    const parser = new TapParser();
    const failures: { diag?: Record<string, unknown> }[] = [];
    parser.on('fail', (point: { diag?: Record<string, unknown> }) => failures.push(point));
    const done = new Promise<{ count: number; pass: number; fail: number; ok: boolean }>((resolve) =>
      parser.on('complete', resolve),
    );
    parser.end(result.stdout);
    expect(await done).toMatchObject({ count: 3, pass: 2, fail: 1, ok: false });
    expect(failures[0]?.diag).toMatchObject({
      step: 2,
      at: `${FAILING}:9`,
      conversation: ['Ana: oi', expect.any(String)],
    });
    expect(String(failures[0]?.diag?.diff)).toContain('- text: "Olá, Ana! Bem-vinda à Pizzaria Bella."');
  });

  it('prints one JSON document with --json, the failure with its expected and sent lines', async () => {
    const result = await runTest(FAILING, '--json');
    expect(result.exitCode).toBe(1);
    const document = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(document).toMatchObject({ status: 'failed', conversations: 1, passed: 0, failed: 1, skipped: 0 });
    expect(document.results).toMatchObject([
      {
        name: 'expects another greeting',
        status: 'failed',
        failure: {
          step: 2,
          line: 9,
          type: 'failure',
          expected: ['kind: text', 'text: "Olá, Ana! Bem-vinda à Pizzaria Bella."'],
          actual: ['kind: text', 'text: "Olá, Ana! Eu sou o bot da Pizzaria Bella."'],
        },
      },
    ]);
    expect(JSON.parse(result.stderr.trim())).toMatchObject({ error: { exitCode: 1 } });
  });
});

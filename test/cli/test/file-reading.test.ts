// What `chatbot test` makes of a file beyond its schema, end to end: `within` written inside `expect: { … }` gives the
// bot that long (not --step-timeout), and a conversation that checks nothing of the bot is warned about.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { Sandbox, withEmulator } from '../support/harness.js';
import { startScriptedBot, type RunningBot, type Script } from './bots.js';

const KEYS = { authkey: 'chave-da-leitura-de-arquivos-0123', appkey: 'leitura' };

let emulator: RunningEmulator;
let box: Sandbox;
let dir: string;
let bot: RunningBot | undefined;

beforeAll(async () => {
  emulator = await withEmulator();
  box = new Sandbox(emulator.url);
  dir = mkdtempSync(join(tmpdir(), 'chatbot-file-reading-'));
});
afterEach(async () => {
  await bot?.stop();
  bot = undefined;
});
afterAll(async () => {
  await emulator.close();
  box.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

let files = 0;
function conversationFile(text: string): string {
  const file = join(dir, `conversa-${(files += 1)}.yaml`);
  writeFileSync(file, `device: ${KEYS.appkey}\n${text}`);
  return file;
}

async function withBot(script: Script): Promise<void> {
  bot = await startScriptedBot(emulator.url, KEYS, script);
  await fetch(`${emulator.url}/__emulator/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...KEYS, webhook: bot.url }),
  });
}

const run = (file: string) =>
  box.run(['test', file, '--emulator-url', emulator.url, '--step-timeout', '1'], {
    env: { CHATBOT_AUTHKEY: KEYS.authkey },
  });

describe('chatbot test reads', () => {
  it('`within` inside `expect: { … }` as the step’s own: the limit the report gives is the file’s, not --step-timeout', async () => {
    await withBot(() => Promise.resolve(200));
    const inside = await run(
      conversationFile(
        'conversations:\n  - name: mudo\n    steps:\n      - say: oi\n      - expect: { text: "eco: oi", within: 300ms }\n',
      ),
    );
    expect(inside.exitCode, inside.stdout + inside.stderr).toBe(1);
    expect(inside.stdout).toContain('expected text "eco: oi" within 300 ms; the bot sent nothing');
    const without = await run(
      conversationFile(
        'conversations:\n  - name: mudo\n    steps:\n      - say: oi\n      - expect: { text: "eco: oi" }\n',
      ),
    );
    expect(without.exitCode, without.stdout + without.stderr).toBe(1);
    expect(without.stdout).toContain('expected text "eco: oi" within 1.0 s; the bot sent nothing');
  });

  it('warns about a conversation that checks nothing of the bot, and runs it', async () => {
    await withBot(() => Promise.resolve(200));
    const file = conversationFile(
      'conversations:\n  - name: sem nada\n    steps:\n      - say: oi\n  - name: com algo\n    steps:\n      - say: oi\n      - nothing: 100ms\n',
    );
    const result = await run(file);
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `${file}:3: "sem nada" checks nothing the bot does (no \`expect\`, \`nothing\` or \`webhook\` step): it passes whatever the bot does`,
    );
    expect(result.stderr).not.toContain('"com algo" checks nothing');
  });
});

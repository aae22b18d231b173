// What `chatbot test` makes of a file beyond its schema, end to end: `within` written inside `expect: { … }` gives the
// bot that long (not --step-timeout), and a conversation that checks nothing of the bot is warned about.
import { describe, expect, it } from 'vitest';
import { startScriptedBot, type Script } from './bots.js';
import { useBotSuite } from './suite.js';

const KEYS = { authkey: 'chave-da-leitura-de-arquivos-0123', appkey: 'leitura' };

const suite = useBotSuite('file-reading', KEYS.appkey);
const { conversationFile } = suite;

async function withBot(script: Script): Promise<void> {
  suite.bot = await startScriptedBot(suite.emulator.url, KEYS, script);
  await fetch(`${suite.emulator.url}/__emulator/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...KEYS, webhook: suite.bot.url }),
  });
}

const run = (file: string) =>
  suite.box.run(['test', file, '--emulator-url', suite.emulator.url, '--step-timeout', '1'], {
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

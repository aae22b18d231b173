// The fixture every `chatbot test` suite opens with: an emulator in this process, a sandboxed CLI pointed at it, a
// folder for the suite's conversation files, and the bot a test started, stopped after each test.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { Sandbox, withEmulator } from '../support/harness.js';
import type { RunningBot } from './bots.js';

export interface BotSuite {
  readonly emulator: RunningEmulator;
  readonly box: Sandbox;
  /** A folder of the suite's own, removed after it. */
  readonly dir: string;
  /** The bot the running test started; the suite stops it after the test. */
  bot: RunningBot | undefined;
  /** Writes `text` as a conversation file (after a `device:` line for the suite's device unless `text` has one). */
  conversationFile: (text: string) => string;
  /** POSTs a control route and expects the emulator's 200. */
  control: (path: string, body: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

/** Registers the suite's hooks; `name` names its files, `appkey` is the device its files run on. */
export function useBotSuite(name: string, appkey: string): BotSuite {
  let emulator: RunningEmulator | undefined;
  let box: Sandbox | undefined;
  let dir = '';
  let files = 0;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useBotSuite: read before its beforeAll ran');
    return value;
  };
  const suite: BotSuite = {
    get emulator() {
      return ready(emulator);
    },
    get box() {
      return ready(box);
    },
    get dir() {
      return ready(dir === '' ? undefined : dir);
    },
    bot: undefined,
    conversationFile: (text) => {
      const file = join(dir, `${name}-${(files += 1)}.yaml`);
      writeFileSync(file, text.startsWith('device:') ? text : `device: ${appkey}\n${text}`);
      return file;
    },
    control: async (path, body) => {
      const response = await fetch(`${suite.emulator.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      expect(answer.status, JSON.stringify(answer)).toBe(200);
      return answer;
    },
  };
  beforeAll(async () => {
    emulator = await withEmulator();
    box = new Sandbox(emulator.url);
    dir = mkdtempSync(join(tmpdir(), `chatbot-${name}-`));
  });
  afterEach(async () => {
    await suite.bot?.stop();
    suite.bot = undefined;
  });
  afterAll(async () => {
    await emulator?.close();
    box?.cleanup();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });
  return suite;
}

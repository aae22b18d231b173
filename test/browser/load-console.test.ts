// The console's Load view in real Chromium while `chatbot test --load` runs against a real slow bot: the view comes
// into the navigation once the run posts its figures, the figures change as the run goes, and the end summary shows
// the run failed on its p95 threshold.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Sandbox } from '../cli/support/harness.js';
import { startLoadBot } from '../cli/test/bots.js';
import { SCREENSHOTS, useConsole } from './support/console.js';

const KEYS = { authkey: 'chave-do-bot-do-console-0123456789', appkey: 'console-carga' };
const t = useConsole();
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'chatbot-load-console-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const figure = (testid: string) => `[data-testid=${testid}] b`;

it(
  'shows a load run live in the Load view, then its end summary with the failed threshold',
  { timeout: 120_000 },
  async () => {
    const file = join(dir, 'eco.yaml');
    writeFileSync(
      file,
      `device: ${KEYS.appkey}\nconversations:\n  - name: eco\n    steps:\n      - say: oi\n      - expect: 'eco: oi'\n`,
    );
    const page = await t.page();
    await page.goto(t.emu.url);
    await page.getByTestId('live').and(page.locator('[data-state=open]')).waitFor();
    const loadTab = page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Load' });
    expect(await loadTab.count()).toBe(0);

    const bot = await startLoadBot(t.emu.url, KEYS, { delayMs: 200, concurrency: 1 });
    const box = new Sandbox(t.emu.url);
    try {
      const run = box.run(
        [
          'test',
          file,
          '--load',
          '--arrival',
          '10/s:2s',
          '--max',
          'p95=150ms,errors=0',
          '--step-timeout',
          '30',
          '--emulator-url',
          t.emu.url,
          '--bot-url',
          bot.url,
        ],
        { env: { CHATBOT_AUTHKEY: KEYS.authkey } },
      );
      await loadTab.waitFor({ timeout: 30_000 });
      await loadTab.click();
      await page.locator('[data-testid=load-state][data-state=running]').waitFor();
      const firstDone = await page.locator(figure('load-done')).textContent();
      // The same view, a later post: more contacts done while the run still goes.
      await page.waitForFunction(
        ({ selector, before }) =>
          document.querySelector('[data-testid=load-state]')?.getAttribute('data-state') === 'running' &&
          document.querySelector(selector)?.textContent !== before,
        { selector: figure('load-done'), before: firstDone },
        { timeout: 30_000 },
      );
      expect(await page.locator('[data-chart=answer-time] polyline').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('load-thresholds').textContent()).toContain('as they stand');

      await page.locator('[data-testid=load-state][data-state=failed]').waitFor({ timeout: 60_000 });
      const result = await run;
      expect(result.exitCode, result.stderr).toBe(1);
      await page.screenshot({ path: join(SCREENSHOTS, 'load-console.png'), fullPage: true });
      expect(await page.getByTestId('load-summary').textContent()).toContain('Load run failed: 20 contacts');
      expect(await page.locator(figure('load-started')).textContent()).toBe('20');
      expect(await page.locator(figure('load-done')).textContent()).toBe('20');
      expect(await page.locator(figure('load-running')).textContent()).toBe('0');
      expect(await page.locator('[data-testid=load-thresholds] tr[data-passed=false]').textContent()).toContain('p95');
      expect(await page.locator('[data-testid=load-thresholds] tr[data-passed=true]').textContent()).toContain(
        'errors',
      );
      expect(await page.locator('figure[data-chart]').count()).toBe(4);
    } finally {
      await bot.stop();
      box.cleanup();
    }
  },
);

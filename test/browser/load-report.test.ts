// The HTML report of `chatbot test --load` in real Chromium, with every network request refused: one file holds its
// figures and its four charts (answer time over the run, the histogram, arrivals and throughput, the slowest steps).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Sandbox } from '../cli/support/harness.js';
import { startLoadBot } from '../cli/test/bots.js';
import { SCREENSHOTS, useConsole } from './support/console.js';

const KEYS = { authkey: 'chave-do-bot-do-relatorio-0123456789', appkey: 'relatorio' };
const t = useConsole();
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'chatbot-load-report-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('the report opens offline and draws its charts from the run’s figures', async () => {
  const file = join(dir, 'eco.yaml');
  writeFileSync(
    file,
    `device: ${KEYS.appkey}\nconversations:\n  - name: eco\n    steps:\n      - say: oi\n      - expect: 'eco: oi'\n      - say: tchau\n      - expect: 'eco: tchau'\n`,
  );
  const report = join(dir, 'load.html');
  const bot = await startLoadBot(t.emu.url, KEYS, { delayMs: 20, concurrency: 2 });
  const box = new Sandbox(t.emu.url);
  try {
    const run = await box.run(
      [
        'test',
        file,
        '--load',
        '--arrival',
        '10/s:2s',
        '--emulator-url',
        t.emu.url,
        '--bot-url',
        bot.url,
        '--report',
        report,
      ],
      { env: { CHATBOT_AUTHKEY: KEYS.authkey } },
    );
    expect(run.exitCode, run.stderr).toBe(0);
  } finally {
    await bot.stop();
    box.cleanup();
  }

  const page = await t.page();
  const requested: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    requested.push(url);
    return route.abort();
  });
  await page.goto(pathToFileURL(report).href);
  await page.screenshot({ path: join(SCREENSHOTS, 'load-report.png'), fullPage: true });

  expect(await page.getByTestId('contacts').textContent()).toContain('20');
  const charts = page.locator('figure[data-chart] svg');
  expect(
    await page.locator('figure[data-chart]').evaluateAll((all) => all.map((one) => one.getAttribute('data-chart'))),
  ).toEqual(['answer-time', 'histogram', 'throughput', 'slowest-steps']);
  for (const svg of await charts.all()) expect((await svg.boundingBox())?.width).toBeGreaterThan(100);
  const points = (series: string) =>
    page
      .locator(`[data-chart=answer-time] polyline[data-series=${series}]`)
      .evaluateAll((lines) =>
        lines.flatMap((line) => (line.getAttribute('points') ?? '').split(' ').filter((p) => p !== '')),
      );
  expect((await points('p50')).length).toBeGreaterThan(1);
  expect((await points('p95')).length).toBeGreaterThan(1);
  // The histogram's bars count every answer: two answered steps per contact.
  const bars = await page
    .locator('[data-chart=histogram] rect[data-bar] title')
    .evaluateAll((titles) => titles.map((title) => Number(/: (\d+)$/.exec(title.textContent)?.[1] ?? 0)));
  expect(bars.reduce((sum, count) => sum + count, 0)).toBe(40);
  expect(await page.locator('[data-chart=throughput] polyline').count()).toBeGreaterThanOrEqual(3);
  expect(await page.locator('[data-chart=slowest-steps] rect[data-bar]').count()).toBe(2);
  expect(await page.getByTestId('thresholds').textContent()).toContain('errors');
  expect(requested).toEqual([]);
});

import { configDefaults, defineConfig } from 'vitest/config';
import { timeoutScale } from './test/support/wait-for.js';

// The browser tests (real Chromium, test/browser/) run once per CI run: scripts/test-matrix.sh sets
// CHATBOT_SKIP_BROWSER_TESTS=1 on the other Node lines, which then leave the folder out (not skipped: not collected).
const browser = process.env.CHATBOT_SKIP_BROWSER_TESTS !== '1';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Needs zsh and fish installed: `npm run test:shells` (vitest.shells.config.ts); needs the single executable built:
    // `npm run test:binary` (vitest.binary.config.ts).
    exclude: [...configDefaults.exclude, 'test/shells/**', 'test/binary/**', ...(browser ? [] : ['test/browser/**'])],
    globalSetup: browser ? ['test/browser/global-setup.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // expect.poll gives up after 1 s by default, which a busy machine passes while a page still renders: every poll
    // gets the safety net waitFor has (15 s, times CHATBOT_TEST_TIMEOUT_SCALE), never an assertion on time.
    expect: { poll: { timeout: 15_000 * timeoutScale() } },
    pool: 'forks',
    maxWorkers: 2,
  },
});

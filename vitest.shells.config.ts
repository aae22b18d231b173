// `npm run test:shells`: the completion scripts run in real bash, zsh and fish (all three must be installed).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/shells/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});

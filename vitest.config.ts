import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Needs zsh and fish installed: `npm run test:shells` (vitest.shells.config.ts); needs the single executable built:
    // `npm run test:binary` (vitest.binary.config.ts).
    exclude: [...configDefaults.exclude, 'test/shells/**', 'test/binary/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});

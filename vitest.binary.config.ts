// `npm run test:binary`: the single executable (`npm run build:binary` first), every process spawned being it, with no
// node on PATH (test/binary/).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/binary/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});

// docs/testing.md's example, run as a user would: from a scratch project that has the packed tarball installed.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const { name: PACKAGE_NAME } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string };
let scratch = '';

/** The files docs/testing.md shows, each a ```ts block under an `<!-- example: NAME -->` line. */
export function exampleFiles(markdown: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const match of markdown.matchAll(/<!-- example: (\S+) -->\n+```ts\n([\s\S]*?)```/g))
    files.set(match[1] ?? '', match[2] ?? '');
  return files;
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/emulator.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  // Inside the repository, so that the tarball's dependencies and vitest resolve from its node_modules (no network).
  await mkdir(join(ROOT, '.scratch'), { recursive: true });
  scratch = await mkdtemp(join(ROOT, '.scratch', 'pack-'));
  const tarball =
    run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', scratch], ROOT)
      .trim()
      .split('\n')
      .at(-1) ?? '';
  const installed = join(scratch, 'node_modules', PACKAGE_NAME);
  await mkdir(installed, { recursive: true });
  run('tar', ['-xzf', join(scratch, tarball), '-C', installed, '--strip-components=1'], scratch);
  await writeFile(join(scratch, 'package.json'), JSON.stringify({ name: 'my-bot', private: true, type: 'module' }));
  await writeFile(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        types: ['node'],
      },
    }),
  );
  // Its own (empty) config, so vitest does not pick up this repository's.
  await writeFile(join(scratch, 'vitest.config.mjs'), 'export default {};\n');
  for (const [name, code] of exampleFiles(await readFile(join(ROOT, 'docs/testing.md'), 'utf8')))
    await writeFile(join(scratch, name), code);
}, 120_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('docs/testing.md example from the packed tarball', () => {
  it('the docs hold the bot and its test', async () => {
    const files = exampleFiles(await readFile(join(ROOT, 'docs/testing.md'), 'utf8'));
    expect([...files.keys()]).toEqual(['bot.ts', 'bot.test.ts']);
  });

  it('type-checks against the shipped declarations', () => {
    run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json'], scratch);
  }, 120_000);

  it('passes under vitest', () => {
    const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');
    const output = run(process.execPath, [vitest, 'run', '--root', scratch, '--reporter', 'verbose'], scratch);
    expect(output).toMatch(/Tests\s+5 passed \(5\)/);
  }, 120_000);
});

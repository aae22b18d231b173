// Installing the package into a bot's project on Node 24 compiles nothing: the tarball is installed with install
// scripts on, by a PATH whose compilers and build tools (cc, c++, gcc, g++, make, node-gyp) are stubs that record
// their calls; none is called, no dependency has an install script npm would run, and nothing node-gyp makes (a
// build/ folder with a Makefile or Release/, a .node addon) appears.
// Node 24 is the newest 24.x from the npm registry (scripts/node-package.sh, cached as scripts/test-matrix.sh does).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const BUILD_TOOLS = ['cc', 'c++', 'gcc', 'g++', 'make', 'node-gyp'];
const { name: PACKAGE_NAME } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string };

let dir: string;
let stubs: string;
let calls: string;
let node24: string;

/** A folder of stand-ins for the build tools: each appends its command line to `log` and fails. */
function recordingStubs(folder: string, log: string): void {
  for (const tool of BUILD_TOOLS) {
    const file = join(folder, tool);
    writeFileSync(file, `#!/bin/sh\necho "${tool} $*" >> '${log}'\nexit 1\n`);
    chmodSync(file, 0o755);
  }
}

/** What node-gyp leaves below `folder`: a build/ folder with its Makefile, config.gypi or Release/, or a .node addon. */
function nativeBuildOutput(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        (basename(entry.parentPath) === 'build' &&
          ['Makefile', 'config.gypi', 'Release', 'Debug'].includes(entry.name)) ||
        entry.name.endsWith('.node'),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/chatbot.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  dir = mkdtempSync(join(tmpdir(), 'chatbot-install-'));
  stubs = join(dir, 'stubs');
  calls = join(dir, 'calls.log');
  execFileSync('mkdir', ['-p', stubs, join(dir, 'bot')]);
  recordingStubs(stubs, calls);
  node24 = join(
    execFileSync('bash', [join(ROOT, 'scripts/node-package.sh'), '24'], { encoding: 'utf8' }).trim(),
    'bin',
  );
  // `npm test` has built dist/ already; packing without scripts keeps a rebuild from pulling it from under other tests.
  const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT });
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  writeFileSync(join(dir, 'bot', 'package.json'), JSON.stringify({ name: 'my-bot', private: true, type: 'module' }));
  const started = performance.now();
  await execa(
    'npm',
    ['install', '--ignore-scripts=false', '--no-audit', '--no-fund', '--prefer-offline', join(dir, filename)],
    {
      cwd: join(dir, 'bot'),
      env: { PATH: `${stubs}:${node24}:${process.env.PATH ?? ''}`, npm_config_node_gyp: join(stubs, 'node-gyp') },
    },
  );
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(`${PACKAGE_NAME} installed on Node 24 with install scripts on in ${seconds.toFixed(1)} s\n`);
}, 240_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('installing the packed package on Node 24', () => {
  it('ran under Node 24, with the recording stubs first on PATH', async () => {
    const env = { PATH: `${stubs}:${node24}:${process.env.PATH ?? ''}` };
    expect((await execa('node', ['--version'], { env })).stdout).toMatch(/^v24\./);
    const found = await execa('sh', ['-c', `for tool in ${BUILD_TOOLS.join(' ')}; do command -v "$tool"; done`], {
      env,
    });
    expect(found.stdout.split('\n')).toEqual(BUILD_TOOLS.map((tool) => join(stubs, tool)));
  });

  it('called no compiler and no build tool', () => {
    expect(existsSync(calls) ? readFileSync(calls, 'utf8') : '').toBe('');
  });

  it('installed no dependency with an install script', async () => {
    const env = { PATH: `${node24}:${process.env.PATH ?? ''}` };
    const unreviewed = await execa('npm', ['install-scripts', 'ls'], { cwd: join(dir, 'bot'), env });
    expect(unreviewed.stdout).toBe('No packages with unreviewed install scripts.');
    expect(nativeBuildOutput(join(dir, 'bot', 'node_modules'))).toEqual([]);
  });

  it('gives a working chatbot', async () => {
    const bin = join(dir, 'bot', 'node_modules', '.bin', 'chatbot');
    const env = { PATH: `${node24}:${process.env.PATH ?? ''}` };
    expect((await execa(bin, ['--help'], { env })).stdout).toContain('Usage: chatbot');
  });
});

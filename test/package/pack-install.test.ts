// The package as users get it: `npm pack`, installed into an empty directory from the tarball as npm installs it by
// default (better-sqlite3 is an optional peer, never installed: on Node 22.13+ the emulator needs none, on Node 20 it
// says what is missing and how to add it).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
};
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const hasBuiltinSqlite = major > 22 || (major === 22 && minor >= 13);

let dir: string;
let app: string;
let bin: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chatbot-pack-'));
  app = join(dir, 'app');
  // `npm test` has built dist/ already; packing without scripts keeps a rebuild from pulling it from under other tests.
  const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT });
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  await execa('npm', ['install', '--prefix', app, '--no-audit', '--no-fund', '--prefer-offline', join(dir, filename)], {
    cwd: dir,
  });
  bin = join(app, 'node_modules', '.bin', 'chatbot');
}, 240_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sandboxEnv(): Record<string, string> {
  const home = join(dir, 'home');
  return { PATH: process.env.PATH ?? '', HOME: home, CHATBOT_CONFIG_DIR: join(home, 'config'), CI: 'true' };
}

describe(`the packed package, installed on Node ${process.versions.node}`, () => {
  it('installs only its run-time dependencies', () => {
    const installed = readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed.sort()).toEqual([pkg.name, ...Object.keys(pkg.dependencies)].sort());
  });

  it('answers --version', async () => {
    const result = await execa(bin, ['--version'], { env: sandboxEnv(), extendEnv: false });
    expect(result.stdout).toBe(pkg.version);
  });

  it('runs the command tree (help, config writes, a dry-run send)', async () => {
    const env = sandboxEnv();
    expect((await execa(bin, ['--help'], { env, extendEnv: false })).stdout).toContain('Usage: chatbot');
    await execa(bin, ['config', 'set', 'timezone', 'America/Recife'], { env, extendEnv: false });
    expect((await execa(bin, ['config', 'get', 'timezone'], { env, extendEnv: false })).stdout).toBe('America/Recife');
    const send = await execa(
      bin,
      [
        'send',
        'text',
        '--to',
        '+5581989769960',
        '-m',
        'oi',
        '--dry-run',
        '--appkey',
        'a'.repeat(20),
        '--authkey',
        'b'.repeat(20),
      ],
      {
        env,
        extendEnv: false,
      },
    );
    expect(send.stdout).toContain('5581989769960');
  });

  it(
    hasBuiltinSqlite
      ? 'runs the demo with the built-in SQLite'
      : 'says what the emulator is missing without better-sqlite3',
    async () => {
      const result = await execa(bin, ['demo'], {
        env: sandboxEnv(),
        extendEnv: false,
        reject: false,
        timeout: 120_000,
      });
      if (hasBuiltinSqlite) {
        expect(result.exitCode, result.stderr).toBe(0);
        expect(result.stdout).toContain('Clientes VIP');
      } else {
        expect(result.exitCode).toBe(2);
        expect(result.stderr).toContain('better-sqlite3 (an optional peer dependency) is not installed');
        expect(result.stderr).toContain('npm install better-sqlite3@12');
        expect(result.stderr).toContain('Node 22.13 or later');
      }
    },
  );
});

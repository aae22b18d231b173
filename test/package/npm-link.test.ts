// `npm link` from a checkout: npm 11 warns about any install-time script of a linked folder (its prepare, install or
// postinstall) that no allowScripts covers, and a global link has no project allowScripts to cover it. The package has
// none, so the link is quiet; a checkout linked before it was built says how to build it.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const INSTALL_TIME_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  scripts: Record<string, string>;
};
const dir = mkdtempSync(join(tmpdir(), 'chatbot-link-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm link', () => {
  it('the package has no install-time script', () => {
    expect(Object.keys(pkg.scripts).filter((name) => INSTALL_TIME_SCRIPTS.includes(name))).toEqual([]);
  });

  it('links the checkout into a global prefix without a warning', async () => {
    const prefix = join(dir, 'global');
    const link = await execa('npm', ['link', '--no-audit', '--no-fund'], {
      cwd: ROOT,
      all: true,
      env: { npm_config_prefix: prefix, npm_config_loglevel: 'warn' },
    });
    expect(link.all).not.toMatch(/warn|allowScripts/i);
    const version = await execa(join(prefix, 'bin', 'chatbot'), ['--version']);
    expect(version.stdout).toBe(pkg.version);
  });

  it('says how to build a checkout that has no dist/ yet', async () => {
    const checkout = join(dir, 'unbuilt');
    mkdirSync(join(checkout, 'bin'), { recursive: true });
    copyFileSync(join(ROOT, 'package.json'), join(checkout, 'package.json'));
    copyFileSync(join(ROOT, 'bin', 'chatbot.js'), join(checkout, 'bin', 'chatbot.js'));
    const run = await execa(process.execPath, [join(checkout, 'bin', 'chatbot.js'), 'status'], { reject: false });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toBe('chatbot is not built yet: run `npm run build` in its checkout');
  });
});

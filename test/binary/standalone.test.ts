// The single executable on its own, with no node on PATH: its version names the Node inside, --help lists every
// command group, the demo runs, the completion scripts are the checked-in ones, and nothing warns about Node.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_REGISTRY } from '../../src/cli/command-registry.js';
import { BinarySandbox, nodeOnPath } from './binary.js';

const box = new BinarySandbox('http://127.0.0.1:9');
afterAll(() => box.cleanup());

const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
const WARNING = /Warning|DEP0\d+|--trace-warnings/;
const DRY_RUN = ['send', 'text', '--to', '+5581989769960', '-m', 'Olá', '--dry-run'];
const KEYS = { CHATBOT_AUTHKEY: 'authkey-binary-0000000000', CHATBOT_APPKEY: 'appkey-binary-0000000000' };

describe('the single executable', () => {
  it('runs with a PATH on which there is no node', () => {
    expect(nodeOnPath(process.env.PATH ?? '')).not.toEqual([]);
    expect(nodeOnPath(String(box.env().PATH))).toEqual([]);
  });

  it('names its version and the Node inside, however --version is asked', async () => {
    const expected = new RegExp(
      `^${pkg.version.replaceAll('.', '\\.')} \\(single executable, Node v24\\.\\d+\\.\\d+\\)$`,
    );
    for (const args of [['--version'], ['-v'], ['--no-color', '--version']]) {
      const result = await box.run(args);
      expect(result.exitCode, args.join(' ')).toBe(0);
      expect(result.stdout, args.join(' ')).toMatch(expected);
      expect(result.stderr).toBe('');
    }
  });

  it('lists every command group in --help', async () => {
    const help = await box.ok(['--help']);
    for (const word of COMMAND_REGISTRY.flatMap((folder) => folder.words))
      expect(help).toMatch(new RegExp(`^  ${word}\\b`, 'm'));
  });

  it('prints no runtime warning in --version, --help and a dry run', async () => {
    for (const args of [['--version'], ['--help'], DRY_RUN]) {
      const result = await box.run(args, { env: KEYS });
      expect(result.exitCode, args.join(' ')).toBe(0);
      expect(result.stderr, args.join(' ')).not.toMatch(WARNING);
    }
  });

  it('checks phone numbers with the metadata built into it', async () => {
    const result = await box.run(DRY_RUN, { env: KEYS });
    expect(result.stdout).toContain('"to": "5581989769960"');
    const invalid = await box.run(['send', 'text', '--to', '+5581123', '-m', 'x', '--dry-run'], { env: KEYS });
    expect(invalid.exitCode).toBe(2);
    expect(invalid.stderr).toContain('--to must be a phone number');
  });

  it('with CHATBOT_DEBUG, takes its code cache and shows stacks in source positions', async () => {
    const cached = await box.run(DRY_RUN, { env: { ...KEYS, CHATBOT_DEBUG: '1' } });
    expect(cached.exitCode).toBe(0);
    expect(cached.stderr).not.toContain('code cache');
    // A full disk makes the write of the result fail; its stack names the source files, not the bundle.
    const full = await box.run(['config', 'list', '--json'], { env: { CHATBOT_DEBUG: '1' }, stdoutFile: '/dev/full' });
    expect(full.exitCode).toBe(1);
    expect(full.stderr).toMatch(/^Error: the output could not be written \(ENOSPC/);
    expect(full.stderr).toMatch(/\n\s+at .*\(src\/output\/[\w-]+\.ts:\d+:\d+\)/);
    expect(full.stderr).not.toMatch(/\n\s+at .*chatbot\.cjs:\d+/);
  });

  it('prints the checked-in completion scripts', async () => {
    const files = { bash: 'chatbot.bash', zsh: '_chatbot', fish: 'chatbot.fish' };
    for (const [shell, file] of Object.entries(files)) {
      const script = readFileSync(resolve(import.meta.dirname, '../../completions', file), 'utf8');
      expect(`${await box.ok(['completion', shell])}\n`, shell).toBe(script);
    }
  });

  it('runs the demo against its own emulator and leaves nothing behind', async () => {
    const result = await box.run(['demo'], { env: { CHATBOT_BASE_URL: undefined } });
    expect(result.stderr).not.toContain('Error');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/Device \S+ \(dev_\w+\) connected/);
    expect(result.stdout).toContain('Clientes VIP');
    const home = /throwaway config in (\S+)/.exec(result.stderr)?.[1];
    expect(home).toBeDefined();
    expect(existsSync(home ?? '/')).toBe(false);
  });
});

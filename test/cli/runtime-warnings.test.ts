// No command prints a runtime warning on the Node line it runs on (Node 22 announces node:sqlite as experimental;
// the emulator drops that one warning: test/emulator/store/sqlite-driver.test.ts shows every other one still passes).
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { emulatorReadyUrl } from '../support/ready-line.js';
import { BIN, Sandbox, useEmulatorSandbox } from './support/harness.js';

const WARNING = /Warning|DEP0\d+|--trace-warnings/;

describe(`no runtime warnings on Node ${process.versions.node}`, () => {
  const fixture = useEmulatorSandbox({ register: true });

  it('in --version, --help, a dry run and a real send', async () => {
    const { box } = fixture;
    for (const args of [
      ['--version'],
      ['--help'],
      ['send', 'text', '--to', '+5581989769960', '-m', 'oi', '--dry-run'],
      ['devices', 'ls'],
    ]) {
      const result = await box.spawn(args);
      expect(result.stderr, args.join(' ')).not.toMatch(WARNING);
    }
  });

  it('in the emulator from start to stop, with requests in between', async () => {
    const box = new Sandbox('http://127.0.0.1:9');
    try {
      const child = execa('node', [BIN, 'emulator', 'start', '--port', '0', '--db', ':memory:'], {
        env: box.env(),
        extendEnv: false,
        reject: false,
      });
      const url = await emulatorReadyUrl(child);
      const answer = await fetch(`${url}/api/whatsapp/send`, { method: 'POST', body: '{}' });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      child.kill('SIGTERM');
      const result = await child;
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain('Emulator stopped.');
      expect(result.stderr).not.toMatch(WARNING);
    } finally {
      box.cleanup();
    }
  });
});

// Long commands stop through the run's one interruption mechanism, whose signal source is injected: no process
// signal is sent and no process-wide handler is left behind.
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { waitFor } from '../support/wait-for.js';

const home = mkdtempSync(join(tmpdir(), 'chatbot-interrupt-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Runs `args` in this process with `signals` as the source of SIGINT and SIGTERM. */
function start(args: string[], signals: EventEmitter) {
  const seen = { stdout: '', stderr: '' };
  const exit = runCli(args, {
    stdin: Readable.from([]),
    stdout: { write: (s: string) => (seen.stdout += s) },
    stderr: { write: (s: string) => (seen.stderr += s) },
    env: { PATH: process.env.PATH, HOME: home, CHATBOT_CONFIG_DIR: join(home, 'config'), CI: 'true' },
    signals,
  });
  return { seen, exit };
}

describe("the run's interruption mechanism, injected", () => {
  const processHandlers = () => process.listenerCount('SIGINT') + process.listenerCount('SIGTERM');

  it('emulator start stops at the first SIGINT of its source, and releases it', async () => {
    const before = processHandlers();
    const signals = new EventEmitter();
    const run = start(['emulator', 'start', '--port', '0', '--db', ':memory:', '--quiet'], signals);
    await waitFor(() => run.seen.stderr.includes('Emulator listening on'), { what: 'the ready line' });
    expect(signals.listenerCount('SIGINT')).toBe(1);
    expect(processHandlers()).toBe(before);
    signals.emit('SIGINT');
    expect(await run.exit).toBe(0);
    expect(run.seen.stderr).toContain('Emulator stopped.');
    expect(signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM')).toBe(0);
  });

  it('listen stops at the first SIGTERM of its source and prints its summary', async () => {
    const signals = new EventEmitter();
    const run = start(['listen', '--port', '0'], signals);
    await waitFor(() => run.seen.stderr.includes('Listening on'), { what: 'the ready line' });
    signals.emit('SIGTERM');
    expect(await run.exit).toBe(0);
    expect(run.seen.stderr).toContain('Stopped: 0 events received.');
    expect(signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM')).toBe(0);
  });
});

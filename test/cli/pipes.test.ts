// A reader that goes away: `chatbot status | head -1` and the like end quietly with exit 0, never with Node's
// unhandled `write EPIPE` stack.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { controlGroup, pairedDevice, type PairedDevice } from './support/paired-device.js';
import { BIN, Sandbox } from './support/harness.js';

let emulator: RunningEmulator;
let box: Sandbox;
let device: PairedDevice;
let group: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, db: ':memory:' });
  box = new Sandbox(emulator.url);
  device = await pairedDevice(box, emulator.url);
  const selected = await box.run(['config', 'set', 'appkey', device.appkey]);
  if (selected.exitCode !== 0) throw new Error(selected.stderr);
  group = (await controlGroup(emulator.url, device.appkey)).id;
});

afterAll(async () => {
  box.cleanup();
  await emulator.close();
});

/** Runs the binary with its stdout a pipe whose reading end is closed before the command writes anything. */
function runIntoClosedPipe(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn('node', [BIN, ...args], { env: box.env(), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

/** Runs `chatbot ARGS | head -1` through a shell and returns the CLI's own exit code and stderr. */
function runThroughHead(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const quoted = args.map((arg) => `'${arg}'`).join(' ');
  const script = `node '${BIN}' ${quoted} 2>"$ERR" | head -1; exit "\${PIPESTATUS[0]}"`;
  return new Promise((resolve) => {
    const err = `${box.home}/stderr-${Math.random().toString(36).slice(2)}`;
    const child = spawn('bash', ['-c', script], { env: { ...box.env(), ERR: err } });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', (code) => {
      resolve({ code: code ?? -1, stdout, stderr: readFileSync(err, 'utf8') });
    });
  });
}

describe('a closed stdout ends the command quietly with exit 0', () => {
  const commands: Record<string, () => string[]> = {
    status: () => ['status'],
    'devices check': () => ['devices', 'check', device.appkey],
    'devices ls': () => ['devices', 'ls'],
    'group info': () => ['group', 'info', group],
    'pair --no-wait': () => ['pair', '--no-wait', '--name', `pipe-${process.pid}`],
  };

  it.each(Object.keys(commands))(
    '%s into a pipe closed before it writes',
    async (name) => {
      const args = commands[name]!();
      const { code, stderr } = await runIntoClosedPipe(args);
      expect(stderr, args.join(' ')).not.toMatch(/EPIPE|^\s+at /m);
      expect(code, `${args.join(' ')}: ${stderr}`).toBe(0);
    },
    30_000,
  );

  it('chatbot status | head -1 prints the first line and exits 0', async () => {
    const { code, stdout, stderr } = await runThroughHead(['status']);
    expect(stdout).toMatch(/^profile\s+default\n$/);
    expect(stderr).not.toMatch(/EPIPE|^\s+at /m);
    expect(code).toBe(0);
  }, 30_000);
});

describe('an output that cannot be written', () => {
  it('config list > /dev/full: one line on stderr naming the cause, exit 1, no stack', async () => {
    const child = spawn('bash', ['-c', `node '${BIN}' config list > /dev/full`], { env: box.env() });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe(
      'Error: the output could not be written (ENOSPC: no space left on device, write) — check where it goes: a full disk, a closed file\n',
    );
  });
});

// The built binary as separate processes: an emulator whose whole output is kept, and long-running CLI commands.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from '../../cli/support/harness.js';
import { emulatorReadyUrl } from '../../support/ready-line.js';

export interface Captured {
  readonly child: ChildProcess;
  stdout: string;
  stderr: string;
  /** Resolves with the exit code (or 128 + signal number) once the process has ended. */
  readonly exited: Promise<number>;
}

const SIGNALS: Record<string, number> = { SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

/** Spawns `node bin/chatbot.js args` with exactly `env`, keeping everything it prints. */
export function spawnCli(args: string[], env: Record<string, string | undefined>): Captured {
  if (!existsSync(join(BIN, '../../dist/chatbot.js')))
    throw new Error('dist/chatbot.js is missing: run `npm run build` first');
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const child = spawn(process.execPath, [BIN, ...args], { env: clean, stdio: ['pipe', 'pipe', 'pipe'] });
  const captured: Captured = {
    child,
    stdout: '',
    stderr: '',
    exited: new Promise((resolve) => {
      child.once('exit', (code, signal) => resolve(code ?? 128 + (SIGNALS[signal ?? ''] ?? 0)));
    }),
  };
  child.stdout.on('data', (chunk: Buffer) => (captured.stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (captured.stderr += chunk.toString('utf8')));
  return captured;
}

/** Sends the signal and waits for the exit code. */
export async function stop(proc: Captured, signal: NodeJS.Signals = 'SIGINT'): Promise<number> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
  return proc.exited;
}

export interface LoggedEmulator {
  url: string;
  proc: Captured;
}

/** `chatbot emulator start` on a free port with a database file, logging every request to its stderr. */
export async function spawnLoggedEmulator(db: string, home: string): Promise<LoggedEmulator> {
  const proc = spawnCli(['emulator', 'start', '--port', '0', '--db', db], {
    PATH: process.env.PATH,
    HOME: home,
    CHATBOT_CONFIG_DIR: join(home, 'emulator-config'),
    CI: 'true',
    NO_COLOR: '1',
  });
  proc.child.stdin?.end();
  const url = await emulatorReadyUrl(proc.child);
  return { url, proc };
}

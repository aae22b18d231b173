// Runs the CLI in this process with fresh module instances, so that nothing one run remembered (the keys the output
// redacts, the keep-alive pool) is there for the next: each run starts as a new process would.
import { Readable } from 'node:stream';
import { vi } from 'vitest';
import type { RunOptions, RunResult, Sandbox } from '../../cli/harness.js';

/** `box.run`, but with the CLI's modules loaded afresh, and its connections closed after the run. */
export async function freshRun(box: Sandbox, args: string[], options: RunOptions = {}): Promise<RunResult> {
  vi.resetModules();
  const [{ runCli }, { shutdown }] = await Promise.all([
    import('../../../src/cli/run.js'), import('../../../src/lifecycle.js'),
  ]);
  let stdout = '';
  let stderr = '';
  const stdin = Object.assign(Readable.from(options.input === undefined ? [] : [options.input]), { isTTY: false });
  try {
    const exitCode = await runCli(args, {
      stdin,
      stdout: { write: (s: string) => (stdout += s), isTTY: options.tty === true },
      stderr: { write: (s: string) => (stderr += s), isTTY: options.tty === true },
      env: box.env(options.env),
    });
    return { exitCode, stdout, stderr };
  } finally {
    await shutdown();
  }
}

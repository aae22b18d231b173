// An unexpected error is one line pointing to a bug report; CHATBOT_DEBUG adds its stack.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';

async function failingRun(env: Record<string, string | undefined>): Promise<{ exitCode: number; stderr: string }> {
  let stderr = '';
  const exitCode = await runCli(['config', 'list'], {
    stdin: Object.assign(Readable.from([]), { isTTY: false }),
    stdout: {
      write: () => {
        throw new Error('the disk is on fire');
      },
      isTTY: false,
    },
    stderr: { write: (s: string) => (stderr += s), isTTY: false },
    env: { HOME: '/nonexistent-home', CHATBOT_CONFIG_DIR: '/nonexistent-home/config', ...env },
  });
  return { exitCode, stderr };
}

describe('unexpected errors', () => {
  it('are one line asking for a report, without a stack', async () => {
    const { exitCode, stderr } = await failingRun({});
    expect(exitCode).toBe(1);
    expect(stderr).toContain('Unexpected internal error: the disk is on fire — please report it');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('show their stack with CHATBOT_DEBUG=1', async () => {
    const { exitCode, stderr } = await failingRun({ CHATBOT_DEBUG: '1' });
    expect(exitCode).toBe(1);
    expect(stderr).toContain('Unexpected internal error: the disk is on fire');
    expect(stderr).toMatch(/Error: the disk is on fire\n\s+at /);
  });
});

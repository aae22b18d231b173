// One deadline: `--timeout` bounds a command's request, its retries included. Against a server that never answers,
// `devices ls` and `status` end by themselves with exit 7 after one attempt (the retries would have passed the
// deadline), and a send that got no answer says it may have gone out.
import { describe, expect, it } from 'vitest';
import { expectNoCrashTrace, profileSandbox, runBinary } from './faults/cli-runs.js';
import { startFaultServer } from './fault-server.js';

async function againstSilentServer(args: string[], env: Record<string, string> = {}) {
  const server = await startFaultServer('hang');
  const sandbox = await profileSandbox(server.url);
  try {
    const run = await runBinary(sandbox.box, server.url, args, 2, env);
    return { run, requests: server.requests };
  } finally {
    await server.close();
    sandbox.box.cleanup();
  }
}

describe.concurrent('--timeout 2 against a server that never answers', () => {
  it.each([[['devices', 'ls']], [['status']]])(
    '%j ends by itself with exit 7 after one attempt',
    async (args) => {
      const { run, requests } = await againstSilentServer(args);
      expect(run.timedOut, 'the CLI ended by itself').toBe(false);
      expect(run.exitCode, run.stderr).toBe(7);
      expect(run.stderr).toMatch(/No answer from http:\/\/127\.0\.0\.1:\d+ within 2 s/);
      expectNoCrashTrace(run.stderr);
      expect(requests, 'no retry once the deadline has passed').toBe(1);
    },
    60_000,
  );

  it('send text says the message may have gone out and how to check, and is not retried', async () => {
    const { run, requests } = await againstSilentServer(['send', 'text', '--to', '+5581989769960', '-m', 'oi']);
    expect(run.exitCode, run.stderr).toBe(7);
    expect(run.stderr).toMatch(/may have reached the service and been carried out: check .*before sending it again/);
    expect(run.stderr).not.toMatch(/try again/);
    expect(requests).toBe(1);
  }, 60_000);
});

describe('retries of reads are shown with CHATBOT_DEBUG', () => {
  it('devices ls against a server that resets: "retrying 2/4 after ..." lines, then the error', async () => {
    const server = await startFaultServer('reset');
    const sandbox = await profileSandbox(server.url);
    try {
      const run = await runBinary(sandbox.box, server.url, ['devices', 'ls'], 15, { CHATBOT_DEBUG: '1' });
      expect(run.exitCode, run.stderr).toBe(7);
      expect(run.stderr).toMatch(/^retrying 2\/4 after 0\.25 s: Connection to http:\/\/127\.0\.0\.1:\d+ failed/m);
      expect(run.stderr).toMatch(/^retrying 4\/4 after 2 s: /m);
      expect(server.requests).toBe(4);
    } finally {
      await server.close();
      sandbox.box.cleanup();
    }
  }, 60_000);
});

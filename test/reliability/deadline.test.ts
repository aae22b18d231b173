// One deadline: `--timeout` bounds the whole command, every request and retry included. Against a server that never
// answers, `devices ls` and `status` end by themselves with exit 7 after one attempt (the retries would have passed the
// deadline), and a send that got no answer says it may have gone out. Against a server that answers each request in
// time but slowly, a command that asks several times ends at the deadline, not after N × timeout; pair's wait for the
// phone has its own bound.
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
      expect(run.stderr).toMatch(
        /No answer from http:\/\/127\.0\.0\.1:\d+ within 2 s: the command's deadline \(--timeout\) passed/,
      );
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

describe('--timeout is one deadline for a command that asks the service several times', () => {
  it('pair --no-wait (list, pair, check) against a server answering each in 2 s: --timeout 3 ends at the pairing', async () => {
    const server = await startFaultServer('slow', { delayMs: 2000 });
    const sandbox = await profileSandbox(server.url);
    try {
      const run = await runBinary(sandbox.box, server.url, ['pair', '--no-wait', '--name', 'loja'], 3);
      expect(run.timedOut, 'the CLI ended by itself').toBe(false);
      expect(run.exitCode, run.stderr).toBe(7);
      expect(run.stderr).toMatch(/within 3 s: the command's deadline \(--timeout\) passed/);
      expect(run.stderr).toMatch(/may have reached the service and been carried out: check .*before sending it again/);
      expectNoCrashTrace(run.stderr);
      expect(server.seen.map((r) => r.path)).toEqual(['/api/developer', '/api/v2/qrcode']);
    } finally {
      await server.close();
      sandbox.box.cleanup();
    }
  }, 60_000);

  it("pair's wait for the phone is bounded by --wait-timeout: its polls are not cut short by what the setup used", async () => {
    const server = await startFaultServer('slow', { delayMs: 700 });
    const sandbox = await profileSandbox(server.url);
    try {
      const run = await runBinary(sandbox.box, server.url, ['pair', '--name', 'loja', '--wait-timeout', '60'], 4);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/connected — now the current device/);
      // list, pair, check (setup: 3 × 0.7 s of the 4 s), then two polls (the canned phone links at the second).
      expect(server.requests).toBe(5);
    } finally {
      await server.close();
      sandbox.box.cleanup();
    }
  }, 60_000);
});

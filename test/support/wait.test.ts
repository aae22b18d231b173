// The two waiting helpers themselves: time comes from an injected clock or tiny real processes, never asserted on.
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readyLine } from './ready-line.js';
import { waitFor, type WaitClock } from './wait-for.js';

/** A clock whose time moves only when the helper sleeps. */
function fakeClock(): WaitClock & { sleeps: number } {
  let now = 0;
  const clock = {
    sleeps: 0,
    now: () => now,
    sleep: (ms: number) => {
      clock.sleeps += 1;
      now += ms;
      return Promise.resolve();
    },
  };
  return clock;
}

const node = (script: string) => spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });

describe('waitFor', () => {
  it('returns the first truthy value of a probe that becomes ready, trying again after it throws', async () => {
    const answers = [undefined, 'thrown', 0, { ready: true }];
    const clock = fakeClock();
    const probe = () => {
      const answer = answers.shift();
      if (answer === 'thrown') throw new Error('not yet');
      return answer;
    };
    expect(await waitFor(probe, { what: 'the probe', clock })).toEqual({ ready: true });
    expect(clock.sleeps).toBe(3);
  });

  it('names what it awaited and the last value seen when the deadline passes', async () => {
    const clock = fakeClock();
    const waiting = waitFor(() => ({ count: 2 }).count > 3, { what: 'three rows', timeoutMs: 100, clock });
    await expect(waiting).rejects.toThrow(/waiting for three rows; last seen: false$/);
  });

  it('names the last error a probe threw, and what is awaited as it stands when the wait fails', async () => {
    let tries = 0;
    const probe = (): boolean => {
      tries += 1;
      throw new Error('connection refused');
    };
    await expect(waitFor(probe, { what: () => `the server (${tries} tries)`, clock: fakeClock() })).rejects.toThrow(
      /waiting for the server \(\d+ tries\); last seen: connection refused$/,
    );
  });

  it('stops at once when giveUp gives a reason', async () => {
    const clock = fakeClock();
    const waiting = waitFor(() => false, { what: 'the line', clock, giveUp: () => 'the process exited' });
    await expect(waiting).rejects.toThrow('gave up waiting for the line: the process exited');
    expect(clock.sleeps).toBe(0);
  });
});

describe('readyLine', () => {
  it("returns the match of a child process's ready line on stderr, split across writes", async () => {
    const child = node(
      "process.stderr.write('starting\\nListening on '); setTimeout(() => process.stderr.write('http://x:1\\n'), 20)",
    );
    const match = await readyLine(child, /Listening on (\S+)\n/, { what: 'the ready line' });
    expect(match[1]).toBe('http://x:1');
  });

  it('reads stdout too, and a bare stream', async () => {
    const child = node("console.log('QR ready')");
    expect((await readyLine(child, /QR (\w+)/, { what: 'the QR line' }))[1]).toBe('ready');
    const stream = new PassThrough();
    const waiting = readyLine(stream, /^Batch: (\d+)/m, { what: 'a status line' });
    stream.write('Batch of 3\nBatch: 2/3\n');
    expect((await waiting)[1]).toBe('2');
  });

  it('keeps a character split between two chunks whole', async () => {
    const stream = new PassThrough();
    const waiting = readyLine(stream, /Olá █+/, { what: 'a line of multi-byte characters' });
    const bytes = Buffer.from('Olá ██\n');
    stream.write(bytes.subarray(0, 3));
    stream.write(bytes.subarray(3, 7));
    stream.write(bytes.subarray(7));
    expect((await waiting)[0]).toBe('Olá ██');
  });

  it('fails with what the process printed and its exit status when it exits before its ready line', async () => {
    const child = node("console.log('out'); console.error('port taken'); process.exit(3)");
    const waiting = readyLine(child, /Listening on/, { what: "listen's ready line" });
    await expect(waiting).rejects.toThrow(
      /listen's ready line .*the process exit code 3, signal null first; stdout so far: "out\\n"; stderr so far: "port taken\\n"/,
    );
  });

  it('fails when a stream ends before the line', async () => {
    const stream = new PassThrough();
    const waiting = readyLine(stream, /ready/, { what: 'the ready line' });
    stream.end('nothing here');
    stream.resume();
    await expect(waiting).rejects.toThrow(/the stream ended first; stdout so far: "nothing here"/);
  });
});

// The process's output without Node's stream: one writeSync per write to a file or a pipe, and the stream for the
// rest once a non-blocking pipe is full. Real file descriptors: a file, and a FIFO opened read-write and non-blocking
// that nothing reads (it fills at the pipe's capacity).
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processOutput } from '../../../src/output/process-streams.js';

const dir = mkdtempSync(join(tmpdir(), 'chatbot-streams-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for process.stdout that records what it was given. */
function recordingStream(): { stream: () => NodeJS.WriteStream; made: () => number; got: Buffer[] } {
  const got: Buffer[] = [];
  let made = 0;
  const fake = { write: (chunk: string | Buffer) => got.push(Buffer.from(chunk)) > 0, isTTY: false };
  return {
    stream: () => {
      made += 1;
      return fake as unknown as NodeJS.WriteStream;
    },
    made: () => made,
    got,
  };
}

describe('processOutput', () => {
  it('writes to a file with writeSync, never making the stream, and says it is no terminal', () => {
    const file = join(dir, 'out.txt');
    const fd = openSync(file, 'w');
    const recorder = recordingStream();
    const out = processOutput(fd, recorder.stream, () => undefined);
    out.write('Olá\n');
    out.write('second line\n');
    expect(out.isTTY).toBe(false);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe('Olá\nsecond line\n');
    expect(recorder.made()).toBe(0);
  });

  it('hands the rest of a write to a full non-blocking pipe, and every later write, to the stream', () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    const recorder = recordingStream();
    const out = processOutput(fd, recorder.stream, () => undefined);
    const big = 'x'.repeat(1 << 20);
    out.write(big);
    // Room again in the pipe: still, what follows must come after the rest the stream holds.
    const drained = readSync(fd, Buffer.alloc(1 << 16));
    out.write('after\n');
    closeSync(fd);
    expect(drained).toBeGreaterThan(0);
    expect(recorder.made()).toBe(1);
    const rest = recorder.got[0]!;
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.length).toBeLessThan(big.length);
    expect(rest.toString()).toBe('x'.repeat(rest.length));
    expect(recorder.got.slice(1).map(String)).toEqual(['after\n']);
  });

  it('after keepFlowing() writes everything through the stream, which queues (a run that goes on for a while)', () => {
    const file = join(dir, 'flowing.txt');
    const fd = openSync(file, 'w');
    const recorder = recordingStream();
    const out = processOutput(fd, recorder.stream, () => undefined);
    out.write('first, direct\n');
    out.keepFlowing?.();
    out.write('then queued\n');
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe('first, direct\n');
    expect(recorder.made()).toBe(1);
    expect(recorder.got.map(String)).toEqual(['then queued\n']);
  });

  it('calls onWriteError with EPIPE when the reader went away, and writes nothing more', () => {
    const fifo = join(dir, 'fifo-closed');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const fd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    closeSync(reader);
    const recorder = recordingStream();
    const codes: (string | undefined)[] = [];
    const out = processOutput(fd, recorder.stream, (error) => codes.push(error.code));
    out.write('nobody reads this\n');
    closeSync(fd);
    expect(codes).toEqual(['EPIPE']);
    expect(recorder.made()).toBe(0);
  });
});

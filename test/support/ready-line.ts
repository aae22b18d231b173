// The one way tests wait for a child process's ready line ("Emulator listening on …", "Listening on …", …).
import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { waitFor } from './wait-for.js';

export interface ReadyLineOptions {
  /** What the line means, as failures name it. */
  what: string;
  /** The safety net (default 15 s, scaled like every `waitFor`). */
  timeoutMs?: number;
}

/**
 * Waits until `source` (a child process, or one of its streams) prints text matching `pattern`, on stdout or stderr,
 * and returns the match. Call it right after spawning: it sees what is printed from the call on. Fails with what was
 * printed so far and the exit status when the process exits (or the stream ends) first.
 */
export async function readyLine(
  source: ChildProcess | Readable,
  pattern: RegExp,
  options: ReadyLineOptions,
): Promise<RegExpExecArray> {
  const child = isChild(source) ? source : undefined;
  const streams = child ? { stdout: child.stdout, stderr: child.stderr } : { stdout: source as Readable, stderr: null };
  const emitter: NodeJS.EventEmitter = source;
  const seen = { stdout: '', stderr: '' };
  // One decoder per stream: a character split between two chunks must not become U+FFFD.
  const read = (name: 'stdout' | 'stderr') => {
    const decoder = new StringDecoder('utf8');
    return (chunk: Buffer | string) => (seen[name] += typeof chunk === 'string' ? chunk : decoder.write(chunk));
  };
  const onStdout = read('stdout');
  const onStderr = read('stderr');
  streams.stdout?.on('data', onStdout);
  streams.stderr?.on('data', onStderr);
  let ended = child ? hasClosed(child) : streamDone(streams.stdout);
  const onEnd = () => (ended = true);
  emitter.once('close', onEnd);
  const status = () => (child ? `exit code ${String(child.exitCode)}, signal ${String(child.signalCode)}` : 'ended');
  try {
    return await waitFor(() => pattern.exec(seen.stdout) ?? pattern.exec(seen.stderr), {
      what: `${options.what} (${String(pattern)})`,
      timeoutMs: options.timeoutMs,
      giveUp: () => (ended ? `${child ? 'the process' : 'the stream'} ${status()} first; ${printed(seen)}` : undefined),
    });
  } catch (error) {
    if (!ended && error instanceof Error) error.message += `; ${printed(seen)}`;
    throw error;
  } finally {
    streams.stdout?.off('data', onStdout);
    streams.stderr?.off('data', onStderr);
    emitter.off('close', onEnd);
  }
}

function isChild(source: ChildProcess | Readable): source is ChildProcess {
  return 'pid' in source && 'kill' in source;
}

function streamDone(stream: Readable | null): boolean {
  return !stream || stream.readableEnded || stream.closed;
}

function hasClosed(child: ChildProcess): boolean {
  return (child.exitCode !== null || child.signalCode !== null) && streamDone(child.stdout) && streamDone(child.stderr);
}

function printed(seen: { stdout: string; stderr: string }): string {
  return `stdout so far: ${JSON.stringify(seen.stdout)}; stderr so far: ${JSON.stringify(seen.stderr)}`;
}

/** The URL `chatbot emulator start` prints once it listens (its ready line on stderr). */
export async function emulatorReadyUrl(child: ChildProcess): Promise<string> {
  const match = await readyLine(child, /Emulator listening on (http:\/\/127\.0\.0\.1:\d+)/, {
    what: "the emulator's ready line",
  });
  return match[1] as string;
}

// The process's standard streams, made only when a run needs one: Node builds process.stdout, stderr and stdin (a
// net.Socket or fs stream, with Node's stream modules) on first use, which costs a start that only writes a few lines
// to a pipe or a file more than the writing does.
import { fstatSync, writeSync } from 'node:fs';
import type { Stream } from './output.js';

/** What the CLI reads its input from: the process's stdin, or a stream a test gives. */
export interface InputStream extends AsyncIterable<Buffer | string> {
  isTTY?: boolean;
}

/** False when `fd` is surely no terminal (a pipe, a file, a socket, closed); terminals are character devices. */
function maybeTerminal(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice();
  } catch {
    return false;
  }
}

/**
 * Writes to `fd` (1 or 2 in the CLI). To a pipe or a file, each write is one `writeSync` until one does not finish at once (a
 * non-blocking pipe that is full: EAGAIN, or a partial write); from then on every write, its rest first, goes through
 * the process's stream, which waits. A terminal (or any character device) gets the stream from the start. A failed
 * write (a reader that went away: EPIPE; a full disk: ENOSPC) calls `onWriteError`, as the stream's error event does
 * (src/pipes.ts). Once `keepFlowing()`
 * is called, every write goes through the stream: on a blocking pipe whose reader has stopped reading (a test harness
 * that read the emulator's ready line and no more), `writeSync` would stop the whole process, where the stream
 * queues; a short run that writes its few lines and exits never needs it.
 */
export function processOutput(
  fd: number,
  stream: () => NodeJS.WriteStream,
  onWriteError: (error: NodeJS.ErrnoException) => void,
): Stream {
  let terminal: boolean | undefined;
  let through: NodeJS.WriteStream | undefined;
  const useStream = () => {
    through ??= stream();
    return through;
  };
  const mayBeTerminal = () => {
    terminal ??= maybeTerminal(fd);
    return terminal;
  };
  return {
    get isTTY() {
      return mayBeTerminal() && useStream().isTTY;
    },
    keepFlowing() {
      useStream();
    },
    write(chunk: string) {
      if (through || mayBeTerminal()) return useStream().write(chunk);
      const bytes = Buffer.from(chunk);
      let written = 0;
      try {
        written = writeSync(fd, bytes);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
          onWriteError(error as NodeJS.ErrnoException);
          return false;
        }
      }
      return written === bytes.length || useStream().write(bytes.subarray(written));
    },
  };
}

/** The process's stdin, made on first read; whether it is a terminal is answered without making it when it is not. */
export function processInput(stdin: () => NodeJS.ReadStream): InputStream {
  return {
    get isTTY() {
      return maybeTerminal(0) && stdin().isTTY;
    },
    [Symbol.asyncIterator]: () => stdin()[Symbol.asyncIterator](),
  };
}

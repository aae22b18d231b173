// A failed write to stdout or stderr. A reader that goes away (`chatbot status | head -1`) ends the command quietly
// with exit 0, like git and gh; any other failure (`chatbot config list > /dev/full`: ENOSPC) ends it with exit 1 and
// one line on stderr naming the cause, never Node's unhandled-error stack.
import { writeSync } from 'node:fs';

interface Writable {
  on(event: 'error', listener: (error: Error & { code?: string }) => void): unknown;
}

export type WriteErrorHandler = (error: Error & { code?: string }) => void;

/** Writes `line` to fd 2, or nothing when stderr itself is what failed. */
function sayOnStderr(line: string): void {
  try {
    writeSync(2, line);
  } catch {
    return;
  }
}

export interface WriteErrorOptions {
  /** Runs the process's `exit` listeners, so synchronous clean-up still happens. */
  exit?: (code: number) => void;
  say?: (line: string) => void;
  /** CHATBOT_DEBUG: the error's stack follows its line. */
  debug?: boolean;
}

/** What a failed write of the process's output does: exit 0 on a broken pipe (EPIPE), else a line on stderr and exit 1. */
export function endOnWriteError({
  exit = (code) => process.exit(code),
  say = sayOnStderr,
  debug = false,
}: WriteErrorOptions = {}): WriteErrorHandler {
  return (error) => {
    if (error.code === 'EPIPE') {
      exit(0);
      return;
    }
    say(
      `Error: the output could not be written (${error.message}) — check where it goes: a full disk, a closed file\n`,
    );
    if (debug && error.stack) say(`${error.stack}\n`);
    exit(1);
  };
}

/** Ends the process as `endOnWriteError` says when `stream` reports a failed write. */
export function endOnStreamError(stream: Writable, onError: WriteErrorHandler = endOnWriteError()): void {
  stream.on('error', onError);
}

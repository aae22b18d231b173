// A reader that goes away (`chatbot status | head -1`) ends the command quietly with exit 0, like git and gh.

interface Writable {
  on(event: 'error', listener: (error: Error & { code?: string }) => void): unknown;
}

/**
 * Ends the process with exit 0 when `stream` reports a broken pipe (EPIPE), instead of Node's unhandled-error stack;
 * `exit` runs the process's `exit` listeners, so synchronous clean-up still happens. Other write errors are re-thrown.
 */
export function endQuietlyOnBrokenPipe(
  stream: Writable,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
    exit(0);
  });
}

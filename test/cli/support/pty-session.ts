// Drives the built binary under a pseudo-terminal (python3's pty module), the way a person at a terminal would.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { StringDecoder } from 'node:string_decoder';
import { waitFor } from '../../support/wait-for.js';
import { BIN } from './harness.js';

/** Forks the command on a pty (120x40), relays its output as JSON lines, and writes what arrives on stdin to it. */
const DRIVER = String.raw`
import base64, fcntl, json, os, pty, select, struct, sys, termios
argv, env = json.loads(sys.argv[1]), json.loads(sys.argv[2])
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', 40, 120, 0, 0))
    os.execve(argv[0], argv, env)
def emit(message):
    sys.stdout.write(json.dumps(message) + '\n')
    sys.stdout.flush()
stdin_open = True
while True:
    readable, _, _ = select.select([fd] + ([sys.stdin] if stdin_open else []), [], [])
    if sys.stdin in readable:
        line = sys.stdin.readline()
        if line:
            os.write(fd, json.loads(line)['send'].encode())
        else:
            stdin_open = False
    if fd in readable:
        try:
            data = os.read(fd, 65536)
        except OSError:
            data = b''
        if not data:
            break
        emit({'out': base64.b64encode(data).decode()})
_, status = os.waitpid(pid, 0)
emit({'exit': os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)})
`;

// ESC [ parameters letter. A string pattern: no-control-regex rejects the ESC control character in a regex literal.
const ANSI_ESCAPE_PATTERN = '\\x1b\\[[0-9;?]*[A-Za-z]';
const ANSI_ESCAPE = new RegExp(ANSI_ESCAPE_PATTERN, 'g');

/** Removes ANSI escapes and carriage returns so that expectations match what a person reads. */
export function plain(text: string): string {
  return text.replace(ANSI_ESCAPE, '').replace(/\r/g, '');
}

export class PtySession {
  private raw = '';
  private exitCode: number | undefined;
  private readonly driver: ChildProcessWithoutNullStreams;

  constructor(args: string[], env: Record<string, string | undefined>) {
    const cleanEnv = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));
    this.driver = spawn('python3', [
      '-c',
      DRIVER,
      JSON.stringify([process.execPath, BIN, ...args]),
      JSON.stringify(cleanEnv),
    ]);
    const lines = createInterface({ input: this.driver.stdout });
    // The pty hands output over in pieces of its own size (about 4 KB), which can split a character such as the QR
    // code's █ (3 bytes): decoded piece by piece, it would become U+FFFD and the drawing unreadable.
    const decoder = new StringDecoder('utf8');
    lines.on('line', (line) => {
      const message = JSON.parse(line) as { out?: string; exit?: number };
      if (message.out !== undefined) this.raw += decoder.write(Buffer.from(message.out, 'base64'));
      if (message.exit !== undefined) this.exitCode = message.exit;
    });
  }

  /** Everything the terminal showed so far, without escapes. */
  get screen(): string {
    return plain(this.raw);
  }

  /** Waits until the terminal shows `pattern` (after `from` characters of the screen); returns where it ended. */
  async expect(pattern: RegExp | string, timeoutMs?: number, from = 0): Promise<number> {
    const shown = await waitFor(
      () => {
        const screen = this.screen.slice(from);
        const index = typeof pattern === 'string' ? screen.indexOf(pattern) : screen.search(pattern);
        return index >= 0 && { at: from + index };
      },
      {
        what: () => `the terminal to show ${String(pattern)}; screen:\n${this.screen}`,
        timeoutMs,
        giveUp: () => (this.exitCode === undefined ? undefined : `the command exited ${this.exitCode}`),
      },
    );
    return shown.at;
  }

  /** Types `text` (use \r for Enter, \x03 for Ctrl-C, \x1b[B for the down arrow). */
  send(text: string): void {
    this.driver.stdin.write(`${JSON.stringify({ send: text })}\n`);
  }

  /** The exit code, once the command has ended. */
  async exit(timeoutMs?: number): Promise<number> {
    try {
      const ended = await waitFor(() => this.exitCode !== undefined && { code: this.exitCode }, {
        what: () => `the command to end; screen:\n${this.screen}`,
        timeoutMs,
      });
      return ended.code;
    } finally {
      this.driver.stdin.end();
    }
  }

  /** Stops the driver (and with it the command) if a test failed half-way. */
  kill(): void {
    if (this.exitCode === undefined) this.driver.kill();
  }
}

// The built binary's `chatbot emulator start` on a temp SQLite file, watched for exits and for 5xx lines in its
// request log (a 5xx the client never saw, e.g. for a request the client abandoned, shows only there).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emulatorReadyUrl } from '../../support/ready-line.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** A request log line: `METHOD /path STATUS 12ms[ operation][ reason]`. */
const LOG_LINE = /^[A-Z]+ (\S+) (\d{3}) \d+ms(.*)$/;

export class EmulatorProcess {
  /** Request log lines with a 5xx status, without their timing (`POST /api/auth 500 aborted`), and how often each came. */
  readonly serverErrors = new Map<string, number>();
  serverErrorCount = 0;
  loggedRequests = 0;
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private pendingLine = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly dir: string,
    readonly db: string,
    public url = '',
  ) {}

  /** Starts the emulator with a file database in a new temp directory; resolves once it listens. */
  static async start(): Promise<EmulatorProcess> {
    if (!existsSync(join(REPO_ROOT, 'dist', 'chatbot.js')))
      throw new Error('dist/chatbot.js is missing: run `npm run build` first');
    const dir = mkdtempSync(join(tmpdir(), 'chatbot-fuzz-'));
    const db = join(dir, 'emulator.db');
    const child = spawn(process.execPath, ['bin/chatbot.js', 'emulator', 'start', '--port', '0', '--db', db], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        CI: 'true',
        HOME: dir,
        CHATBOT_CONFIG_DIR: join(dir, 'config'),
        NO_COLOR: '1',
      },
    });
    const emulator = new EmulatorProcess(child, dir, db);
    child.once('exit', (code, signal) => {
      emulator.exit = { code, signal };
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      emulator.stderrTail = (emulator.stderrTail + text).slice(-4000);
      emulator.readLog(text);
    });
    emulator.url = await emulatorReadyUrl(child);
    return emulator;
  }

  /** The end of what the emulator wrote on stderr, so that a crash shows its cause. */
  private stderrTail = '';

  private readLog(text: string): void {
    const lines = (this.pendingLine + text).split('\n');
    this.pendingLine = lines.pop() ?? '';
    for (const line of lines) {
      const match = LOG_LINE.exec(line.trim());
      if (!match) continue;
      this.loggedRequests += 1;
      if (Number(match[2]) < 500) continue;
      this.serverErrorCount += 1;
      const key = `${line.trim().split(' ', 1)[0] ?? ''} ${match[1] ?? ''} ${match[2] ?? ''}${match[3] ?? ''}`;
      this.serverErrors.set(key, (this.serverErrors.get(key) ?? 0) + 1);
    }
  }

  /** Why the emulator is gone, or undefined while it runs. */
  describeExit(): string | undefined {
    if (!this.exit) return undefined;
    const said = this.stderrTail
      .split('\n')
      .filter((line) => !LOG_LINE.test(line.trim()))
      .join('\n')
      .trim();
    return `the emulator process exited (code ${String(this.exit.code)}, signal ${String(this.exit.signal)})${said ? `; it said: ${said}` : ''}`;
  }

  /** Stops it (SIGTERM: it closes cleanly; SIGKILL: when it may be stuck) and removes the temp directory. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.exit) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.child.kill(signal);
      const stubborn = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(stubborn);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

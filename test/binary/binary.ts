// The helpers of the binary suite (`npm run test:binary`): every process it spawns is the single executable built by
// `npm run build:binary`, with a PATH on which there is no `node`.
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa, type Options, type ResultPromise } from 'execa';
import { emulatorReadyUrl, readyLine } from '../support/ready-line.js';

/** The emulator's ready line (test/support/ready-line.ts's emulatorReadyUrl reads the same). */
const READY = /Emulator listening on (http:\/\/127\.0\.0\.1:\d+)/;

/** What `npm run build:binary` writes: dist-bin/ (the binaries, archives, SHA256SUMS). */
export const DIST_BIN = resolve(import.meta.dirname, '../../dist-bin');
export const BINARY = join(DIST_BIN, 'chatbot-linux-x64');

/** Where scripts/build-binary-node.mjs keeps the Node packages the binaries are made from. */
export const NODE_CACHE =
  process.env.CHATBOT_MATRIX_CACHE ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'chatbot', 'node');

/** Which Node release each binary was built from (dist-bin/releases.json, which the build writes). */
export function builtReleases(): Record<string, string> {
  return JSON.parse(readFileSync(join(DIST_BIN, 'releases.json'), 'utf8')) as Record<string, string>;
}

/** The file of a platform's Node package at a release in NODE_CACHE (linux-x64's directory is the release alone). */
export function nodePackageFile(platform: string, release: string, file: string): string {
  return join(NODE_CACHE, platform === 'linux-x64' ? release : `${platform}-${release}`, 'package', file);
}

/** How a sandbox runs its binary: directly, or through an emulator of its CPU (qemu-aarch64 for linux-arm64). */
export interface Launcher {
  binary: string;
  /** The command and its arguments that run the binary, which comes after them. */
  through?: string[];
}

/** linux-arm64's binary under qemu-user, with Debian's arm64 libraries (libc6-arm64-cross, libstdc++6-arm64-cross). */
export const ARM64_UNDER_QEMU: Launcher = {
  binary: join(DIST_BIN, 'chatbot-linux-arm64'),
  through: ['/usr/bin/qemu-aarch64', '-L', '/usr/aarch64-linux-gnu'],
};

export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  /** A file stdout goes to instead of the result. */
  stdoutFile?: string;
}

/** The directories of a PATH holding an executable named `node`. */
export function nodeOnPath(path: string): string[] {
  return path.split(':').filter((dir) => dir !== '' && existsSync(join(dir, 'node')));
}

/**
 * A sandbox for the binary: its own HOME and config dir, CI=true, and a PATH that is one directory holding `chatbot`
 * (a link to the binary) and nothing else, so that neither it nor anything it might start can find a `node`.
 */
export class BinarySandbox {
  readonly home: string;
  readonly configDir: string;
  readonly path: string;

  constructor(
    readonly baseUrl: string,
    readonly launcher: Launcher = { binary: BINARY },
  ) {
    const { binary } = launcher;
    if (!existsSync(binary)) throw new Error(`${binary} is missing: run \`npm run build:binary\` first`);
    this.home = mkdtempSync(join(tmpdir(), 'chatbot-binary-test-'));
    this.configDir = join(this.home, 'config');
    this.path = join(this.home, 'bin');
    mkdirSync(this.path);
    symlinkSync(binary, join(this.path, 'chatbot'));
  }

  /** The file execa runs and its arguments before `args`. */
  private command(args: string[]): [string, string[]] {
    const [file, ...before] = this.launcher.through ?? [this.launcher.binary];
    return [
      file ?? this.launcher.binary,
      [...before, ...(this.launcher.through ? [this.launcher.binary] : []), ...args],
    ];
  }

  env(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
    return {
      PATH: this.path,
      HOME: this.home,
      CHATBOT_CONFIG_DIR: this.configDir,
      CHATBOT_BASE_URL: this.baseUrl,
      CI: 'true',
      ...extra,
    };
  }

  /** Runs `chatbot args` to its end. */
  async run(args: string[], options: RunOptions = {}): Promise<RunResult> {
    const stdoutFd = options.stdoutFile === undefined ? undefined : openSync(options.stdoutFile, 'w');
    const spawnOptions: Options = {
      env: this.env(options.env),
      extendEnv: false,
      reject: false,
      input: options.input ?? '',
      // execa passes a file descriptor on as it is (documented; its types leave numbers out).
      stdout: (stdoutFd ?? 'pipe') as Options['stdout'],
      timeout: 60_000,
    };
    try {
      const result = await execa(...this.command(args), spawnOptions);
      return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout ?? ''), stderr: String(result.stderr) };
    } finally {
      if (stdoutFd !== undefined) closeSync(stdoutFd);
    }
  }

  /** Runs `chatbot args` and fails the test, showing its stderr, unless it exits 0; returns its stdout. */
  async ok(args: string[], options: RunOptions = {}): Promise<string> {
    const result = await this.run(args, options);
    if (result.exitCode !== 0) {
      throw new Error(`chatbot ${args.join(' ')} exited ${result.exitCode}: ${result.stderr}`);
    }
    return result.stdout;
  }

  /**
   * Starts `chatbot args` in the background (stdin ignored); stop it with a signal. Its safety net is 10 minutes: an
   * emulator serves a whole test file, which on a busy machine (qemu beside it) took more than the 2 minutes it had.
   */
  start(args: string[], options: RunOptions = {}): ResultPromise {
    return execa(...this.command(args), {
      env: this.env(options.env),
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
      timeout: 600_000,
    });
  }

  /** What is left in the sandbox's HOME besides its PATH directory and config. */
  leftovers(): string[] {
    return readdirSync(this.home).filter((name) => name !== 'bin' && name !== 'config');
  }

  cleanup(): void {
    rmSync(this.home, { recursive: true, force: true });
  }
}

export interface BinaryEmulator {
  readonly url: string;
  readonly child: ResultPromise;
  /** Ctrl-C, then the whole run's output. */
  stop(): Promise<RunResult>;
}

/**
 * `chatbot emulator start --port 0 --db <db>` from the binary, once its ready line is out (the wait's safety net longer
 * for a binary run under an emulator of its CPU).
 */
export async function startBinaryEmulator(box: BinarySandbox, db = ':memory:'): Promise<BinaryEmulator> {
  const child = box.start(['emulator', 'start', '--port', '0', '--db', db]);
  const url = box.launcher.through
    ? ((await readyLine(child, READY, { what: "the emulator's ready line", timeoutMs: 90_000 }))[1] ?? '')
    : await emulatorReadyUrl(child);
  return {
    url,
    child,
    async stop() {
      child.kill('SIGINT');
      const result = await child;
      return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
    },
  };
}

let counter = 0;

/** A fresh, valid registration. */
export function newAccount() {
  counter += 1;
  return {
    name: 'Ana Souza',
    email: `ana-binary-${process.pid}-${Date.now()}-${counter}@example.com`,
    phone: '+5581989769960',
    plan: 'basic',
    password: 's3cret-Pass!',
  };
}

/** Registers a new account in `box`'s profile with the binary; returns the account. */
export async function register(box: BinarySandbox): Promise<ReturnType<typeof newAccount>> {
  const account = newAccount();
  await box.ok(
    [
      'register',
      '--name',
      account.name,
      '--email',
      account.email,
      '--phone',
      account.phone,
      '--plan',
      account.plan,
      '--password-stdin',
    ],
    { input: account.password },
  );
  return account;
}

// Runs the CLI against a real emulator over HTTP on 127.0.0.1: in-process (fast) or as the built binary.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { execa } from 'execa';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { runCli } from '../../../src/cli/run.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';

export const BIN = resolve(import.meta.dirname, '../../../bin/chatbot.js');

export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  tty?: boolean;
}

/** A sandbox: its own config dir and HOME, CI=true, talking to one emulator. */
export class Sandbox {
  readonly home: string;
  readonly configDir: string;

  constructor(readonly baseUrl: string) {
    this.home = mkdtempSync(join(tmpdir(), 'chatbot-test-'));
    this.configDir = join(this.home, 'config');
  }

  env(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
    return {
      PATH: process.env.PATH,
      HOME: this.home,
      CHATBOT_CONFIG_DIR: this.configDir,
      CHATBOT_BASE_URL: this.baseUrl,
      CI: 'true',
      ...extra,
    };
  }

  /** Runs the command in this process with fake streams. */
  async run(args: string[], options: RunOptions = {}): Promise<RunResult> {
    let stdout = '';
    let stderr = '';
    const stdin = Object.assign(Readable.from(options.input === undefined ? [] : [options.input]), { isTTY: false });
    const exitCode = await runCli(args, {
      stdin,
      stdout: { write: (s: string) => (stdout += s), isTTY: options.tty === true },
      stderr: { write: (s: string) => (stderr += s), isTTY: options.tty === true },
      env: this.env(options.env),
    });
    return { exitCode, stdout, stderr };
  }

  /** Runs the built binary as a separate process. */
  async spawn(args: string[], options: RunOptions = {}): Promise<RunResult> {
    const result = await execa('node', [BIN, ...args], {
      env: this.env(options.env),
      extendEnv: false,
      reject: false,
      input: options.input ?? '',
      timeout: 20_000,
    });
    return { exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr };
  }

  cleanup(): void {
    rmSync(this.home, { recursive: true, force: true });
  }
}

let counter = 0;

/** A fresh, valid registration. */
export function newAccount() {
  counter += 1;
  const stamp = `${process.pid}-${Date.now()}-${counter}`;
  return {
    name: 'Ana Souza',
    email: `ana-${stamp}@example.com`,
    phone: '+5581989769960',
    plan: 'basic',
    password: 's3cret-Pass!',
  };
}

export function registerArgs(account = newAccount()): string[] {
  return [
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
  ];
}

/** Registers a new account in the sandbox and returns its authkey as stored. */
export async function registered(box: Sandbox): Promise<string> {
  const account = newAccount();
  const result = await box.run(registerArgs(account), { input: account.password });
  if (result.exitCode !== 0) throw new Error(`register failed: ${result.stderr}`);
  const reveal = await box.run(['config', 'get', 'authkey', '--reveal']);
  return reveal.stdout.trim();
}

export async function withEmulator(): Promise<RunningEmulator> {
  return startEmulator({ port: 0, db: ':memory:' });
}

type Hook = (listener: () => Promise<void>) => void;

/** Registers `start` on the set-up hook and `stop` on the tear-down one; the getter fails if read before set-up. */
function fixture<T>(setUp: Hook, tearDown: Hook, start: () => T | Promise<T>, stop?: (value: T) => unknown): () => T {
  let slot: { value: T } | undefined;
  setUp(async () => {
    slot = { value: await start() };
  });
  tearDown(async () => {
    if (slot) await stop?.(slot.value);
    slot = undefined;
  });
  return () => {
    if (!slot) throw new Error('fixture read outside a test (its hook has not run)');
    return slot.value;
  };
}

/** Sets up `start` once before the tests of the file (or describe block) and `stop`s it after them all. */
export function fixtureForAll<T>(start: () => T | Promise<T>, stop?: (value: T) => unknown): () => T {
  return fixture(beforeAll, afterAll, start, stop);
}

/** Sets up `start` afresh before each test and `stop`s it after that test. */
export function fixtureForEach<T>(start: () => T | Promise<T>, stop?: (value: T) => unknown): () => T {
  return fixture(beforeEach, afterEach, start, stop);
}

export interface EmulatorFixture {
  readonly emulator: RunningEmulator;
}

/** One in-memory emulator for all the tests of the file; read `.emulator` inside tests. */
export function useEmulator(): EmulatorFixture {
  const emulator = fixtureForAll(withEmulator, (running) => running.close());
  return {
    get emulator() {
      return emulator();
    },
  };
}

export interface SandboxFixture extends EmulatorFixture {
  readonly box: Sandbox;
}

export interface RegisteredSandboxFixture extends SandboxFixture {
  /** The authkey of the account registered in `box`. */
  readonly authkey: string;
}

export interface SandboxOptions {
  /** Registers an account in the sandbox (its authkey is `.authkey`). */
  register?: boolean;
  /** One sandbox for all the tests of the file instead of a fresh one per test. */
  shared?: boolean;
}

/** An emulator for the file and a sandbox talking to it, fresh for each test unless `shared`. */
export function useEmulatorSandbox(options: SandboxOptions & { register: true }): RegisteredSandboxFixture;
export function useEmulatorSandbox(options?: SandboxOptions): SandboxFixture;
export function useEmulatorSandbox(options: SandboxOptions = {}): RegisteredSandboxFixture {
  const base = useEmulator();
  const scoped = options.shared ? fixtureForAll : fixtureForEach;
  const box = scoped(
    () => new Sandbox(base.emulator.url),
    (sandbox) => sandbox.cleanup(),
  );
  const authkey = options.register ? scoped(() => registered(box())) : undefined;
  return {
    get emulator() {
      return base.emulator;
    },
    get box() {
      return box();
    },
    get authkey() {
      if (!authkey) throw new Error('no account registered: pass { register: true }');
      return authkey();
    },
  };
}

/** Posts JSON straight to the emulator (setup steps that are not under test). */
export async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

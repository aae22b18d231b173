// Running the built CLI against a fault server: a sandbox with a saved profile, the spawned run, and the checks on
// what a failure may print.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { expect } from 'vitest';
import { BIN, Sandbox } from '../../cli/support/harness.js';

export const AUTHKEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
export const APPKEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** `--timeout` of runs whose subject is the timeout (1 s keeps a hang short); the error line quotes it. */
export const SHORT_TIMEOUT_SECONDS = 1;
/** `--timeout` of the other runs: ample for a 10 MB answer on a busy machine, so only the fault decides the outcome. */
export const AMPLE_TIMEOUT_SECONDS = 15;

/** Far above any run's real duration (retries included): only there so a hung CLI fails the test instead of the suite. */
const SAFETY_NET_MS = 90_000;

export interface BinaryRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** True when the safety net had to kill the CLI: it hung. */
  timedOut: boolean;
}

/** A sandbox whose profile holds keys and a time zone, as a user's would; `configText()` reads the file as it is. */
export async function profileSandbox(
  baseUrl: string,
): Promise<{ box: Sandbox; configPath: string; configText(): string }> {
  const box = new Sandbox(baseUrl);
  for (const [key, value] of [
    ['authkey', AUTHKEY],
    ['appkey', APPKEY],
    ['timezone', 'America/Recife'],
  ] as const) {
    const result = await box.run(['config', 'set', key, value]);
    if (result.exitCode !== 0) throw new Error(`config set ${key} failed: ${result.stderr}`);
  }
  const configPath = join(box.configDir, 'config.json');
  if (!existsSync(configPath)) throw new Error(`no config file at ${configPath}`);
  return { box, configPath, configText: () => readFileSync(configPath, 'utf8') };
}

/** Runs the built binary with `--base-url url --timeout seconds` and the sandbox's environment (CI=true). */
export async function runBinary(
  box: Sandbox,
  url: string,
  args: string[],
  timeoutSeconds: number,
  env: Record<string, string> = {},
): Promise<BinaryRun> {
  const result = await execa('node', [BIN, ...args, '--base-url', url, '--timeout', String(timeoutSeconds)], {
    env: box.env(env),
    extendEnv: false,
    reject: false,
    input: '',
    timeout: SAFETY_NET_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    exitCode: result.exitCode ?? -1,
    stdout: result.stdout,
    stderr: result.stderr,
    timedOut: result.timedOut,
  };
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

/** Signs of a crash rather than a handled failure: stack frames, Node's own error names, internal paths. */
export function expectNoCrashTrace(stderr: string): void {
  expect(stderr, 'no stack frame').not.toMatch(/^\s+at /m);
  expect(stderr, 'no Node error name').not.toMatch(
    /\b(TypeError|RangeError|SyntaxError|ReferenceError|SocketError|AbortError|\w+Error \[\w+\]):/,
  );
  expect(stderr, 'no internal path').not.toMatch(/node:internal|file:\/\/|dist\/chatbot/);
  expect(stderr, 'no unexpected internal error').not.toMatch(/Unexpected internal error/);
}

/** stderr is exactly one line, the CLI's own `Error: …` / `Error (502): …` line, and it names `cause`. */
export function expectOneErrorLine(stderr: string, cause: RegExp): string {
  expectNoCrashTrace(stderr);
  const all = lines(stderr);
  expect(all, `one line on stderr:\n${stderr.slice(0, 2000)}`).toHaveLength(1);
  const [line] = all as [string];
  expect(line).toMatch(/^Error( \(\d+\))?: \S/);
  expect(line).toMatch(cause);
  return line;
}

/** The last stderr line is the one error line naming `cause`; the lines before it are progress, never errors. */
export function expectErrorAsLastLine(stderr: string, cause: RegExp): void {
  expectNoCrashTrace(stderr);
  const all = lines(stderr);
  const errors = all.filter((line) => /^Error\b/.test(line));
  expect(errors, `one error line:\n${stderr.slice(0, 2000)}`).toHaveLength(1);
  expect(all.at(-1)).toBe(errors[0]);
  expect(errors[0]).toMatch(/^Error( \(\d+\))?: \S/);
  expect(errors[0]).toMatch(cause);
}

export interface JsonFailure {
  status: number | null;
  message: string;
  exitCode: number;
}

/** Under --json, stderr is the one line `{"error":{status, message, exitCode}}`. */
export function jsonFailure(stderr: string): JsonFailure {
  expectNoCrashTrace(stderr);
  const all = lines(stderr);
  expect(all, `one line on stderr:\n${stderr.slice(0, 2000)}`).toHaveLength(1);
  const parsed = JSON.parse(all[0] as string) as { error: JsonFailure };
  expect(Object.keys(parsed)).toEqual(['error']);
  return parsed.error;
}

/** stdout holds exactly one JSON document (one line); returns it. */
export function oneDocument(stdout: string): Record<string, unknown> {
  const all = lines(stdout);
  expect(all, 'one JSON document on stdout').toHaveLength(1);
  return JSON.parse(all[0] as string) as Record<string, unknown>;
}

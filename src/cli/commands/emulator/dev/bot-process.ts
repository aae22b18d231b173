// `chatbot dev -- <command…>`: the bot as a child process, with the bot's settings in its environment, its output
// shown line by line beside the traffic, and stopped (SIGTERM, then SIGKILL after a grace period) when dev stops.
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import type { Readable } from 'node:stream';
import { UsageError } from '../../../../errors.js';
import { shownCommand } from './bot-env.js';

/** How long a bot may take to stop after SIGTERM before it is killed. */
export const STOP_GRACE_MS = 5000;

/** How long the bot's last lines may take to arrive after it ended. */
const OUTPUT_DRAIN_MS = 1000;

export type BotStream = 'stdout' | 'stderr';

export interface BotExit {
  /** The exit code the shell would report: the bot's own, or 128+n for a bot ended by signal n. */
  code: number;
  /** The signal that ended it, if one did. */
  signal: NodeJS.Signals | null;
}

export interface RunningBot {
  readonly pid: number;
  /** Resolves when the bot has ended (on its own or stopped). */
  readonly exited: Promise<BotExit>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has ended. */
  stop(graceMs?: number): Promise<BotExit>;
}

/** The shell's convention: a process ended by signal n exits 128+n. */
function exitOf(code: number | null, signal: NodeJS.Signals | null): BotExit {
  if (signal !== null) return { code: 128 + constants.signals[signal], signal };
  return { code: code ?? 0, signal: null };
}

/** Calls `line` with each whole line of `stream`, and with what is left when it ends. */
function eachLine(stream: Readable | null, line: (text: string) => void): Promise<void> {
  if (stream === null) return Promise.resolve();
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split(/\r?\n/);
    rest = parts.pop() ?? '';
    for (const part of parts) line(part);
  });
  return new Promise((done) => {
    stream.once('close', () => {
      if (rest !== '') line(rest);
      rest = '';
      done();
    });
  });
}

/** Waits for the child to start; a command that cannot run (not found, not executable) is a usage error. */
function started(child: ChildProcess, command: string): Promise<void> {
  return new Promise((done, fail) => {
    child.once('spawn', () => done());
    child.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'ENOENT' ? 'no such command on PATH' : error.message;
      fail(new UsageError(`Could not run the bot \`${command}\`: ${why} — check the command after \`--\``));
    });
  });
}

/** Starts `argv` with `env`; each line it writes goes to `line`. */
export async function startBot(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  line: (stream: BotStream, text: string) => void,
): Promise<RunningBot> {
  const [command, ...args] = argv;
  if (command === undefined) throw new UsageError('Give the command that runs your bot after `--`');
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  await started(child, shownCommand(argv).join(' '));
  const output = Promise.all([
    eachLine(child.stdout, (text) => line('stdout', text)),
    eachLine(child.stderr, (text) => line('stderr', text)),
  ]);
  const ended = new Promise<BotExit>((done) => {
    child.once('exit', (code, signal) => done(exitOf(code, signal)));
  });
  // The exit is told once the bot's last lines are shown (or soon after, when a process it left holds its output).
  const exited = ended.then(async (exit) => {
    await Promise.race([output, new Promise((done) => setTimeout(done, OUTPUT_DRAIN_MS).unref())]);
    return exit;
  });
  return {
    pid: child.pid ?? 0,
    exited,
    async stop(graceMs = STOP_GRACE_MS) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await ended;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}

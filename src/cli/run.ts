// Runs one command line and returns its exit code; the entry point is the only place that exits.
import { CommanderError } from 'commander';
import { CliError, ExitCode } from '../errors.js';
import type { Output } from '../output/output.js';
import { DryRunComplete } from './context.js';
import type { CliIo } from './io.js';
import { buildProgram } from './program.js';
import { RunState } from './run-state.js';

/** Parses and runs `argv` (without node and script), writing only to `io`; closes what the run opened. */
export async function runCli(given: string[], io: CliIo): Promise<number> {
  const argv = helpRequest(given);
  const run = new RunState(io);
  // Used only when parsing fails before a command runs; otherwise the command's parsed options decided the mode.
  const jq = argv.includes('--jq') ? { jq: '' } : {};
  const output = () =>
    run.out({ json: argv.includes('--json') || argv.includes('--jq'), color: !argv.includes('--no-color'), ...jq });
  const program = await buildProgram(
    io,
    (message) => {
      output().failure(new Error(message.replace(/^error:\s*/, '')), ExitCode.usage);
    },
    { run, argv, runCommandLine: runCli },
  );
  try {
    await program.parseAsync(argv, { from: 'user' }).catch((error: unknown) => {
      if (!(error instanceof DryRunComplete)) throw error;
    });
    await run.finish();
    return ExitCode.ok;
  } catch (error) {
    return exitCodeOf(error, output(), io.env.CHATBOT_DEBUG);
  } finally {
    await run.close();
  }
}

/** `chatbot` alone is `chatbot --help` (stdout, exit 0); `help A B` is `A B --help`, nested commands included. */
function helpRequest(argv: string[]): string[] {
  if (argv.length === 0) return ['--help'];
  if (argv[0] === 'help' && argv.length > 1) return [...argv.slice(1), '--help'];
  return argv;
}

function exitCodeOf(error: unknown, output: Output, debug: string | undefined): number {
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
    return ExitCode.usage;
  }
  if (error instanceof CliError) {
    output.failure(error, error.exitCode);
    return error.exitCode;
  }
  const internal = error instanceof Error ? error : new Error(String(error));
  output.failure(
    new Error(`Unexpected internal error: ${internal.message} — please report it with the command you ran`),
    ExitCode.internal,
  );
  // With CHATBOT_DEBUG the stack follows, in source positions (bin/chatbot.js turns source maps on).
  if (debug && internal.stack) output.info(internal.stack);
  return ExitCode.internal;
}

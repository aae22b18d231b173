// Runs the command line against the real process: its arguments, streams, environment and signals. The process's
// streams are made only when a run needs them (src/output/process-streams.ts).
import { processInput, processOutput } from '../output/process-streams.js';
import { endOnStreamError, endOnWriteError } from '../pipes.js';
import { runCli } from './run.js';

const onWriteError = endOnWriteError({ debug: Boolean(process.env.CHATBOT_DEBUG) });
const ending = (stream: NodeJS.WriteStream) => {
  endOnStreamError(stream, onWriteError);
  return stream;
};

/** Runs `process.argv`'s command and returns its exit code. */
export function runProcess(): Promise<number> {
  return runCli(process.argv.slice(2), {
    stdin: processInput(() => process.stdin),
    stdout: processOutput(1, () => ending(process.stdout), onWriteError),
    stderr: processOutput(2, () => ending(process.stderr), onWriteError),
    env: process.env,
    signals: process,
  });
}

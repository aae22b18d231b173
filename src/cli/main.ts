// Entry point of the bundle: runs the command line against the real process and sets its exit code.
import { endQuietlyOnBrokenPipe } from '../pipes.js';
import { runCli } from './run.js';

endQuietlyOnBrokenPipe(process.stdout);
endQuietlyOnBrokenPipe(process.stderr);
process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signals: process,
});

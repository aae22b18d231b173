// Entry point of the bundle: runs the command line against the real process and sets its exit code.
import { runProcess } from './process-run.js';

process.exitCode = await runProcess();

// The single executable's CLI bundle (scripts/build-binary.mjs): what its main script runs, and what the build runs
// in-process to make the bundle's V8 code cache.
export { runProcess } from '../process-run.js';
export { runCli } from '../run.js';

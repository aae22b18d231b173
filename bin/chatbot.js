#!/usr/bin/env node
// Loads the bundle. First: Node 22+ keeps compiled code between runs (a no-op on Node 20); on Node 20, undici's HTTP
// parser (WebAssembly) is compiled with the baseline compiler only, since the optimising one ran at every start and
// made the process wait about 100 ms at exit (measured there; V8 prints an error for a flag it does not know, so the
// flag is set only where it was measured); and a bare --version answers from package.json.
import module from 'node:module';
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';

module.enableCompileCache?.();
if (process.versions.node.startsWith('20.')) v8.setFlagsFromString('--liftoff-only');
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  await import('../dist/chatbot.js');
}

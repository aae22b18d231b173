#!/usr/bin/env node
// Loads the bundle. Two things first: Node 22+ keeps compiled code between runs (a no-op on Node 20), and a bare
// --version answers from package.json without loading the command tree.
import module from 'node:module';
import { readFileSync } from 'node:fs';

module.enableCompileCache?.();
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  await import('../dist/chatbot.js');
}

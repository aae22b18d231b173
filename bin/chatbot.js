#!/usr/bin/env node
// Answers a bare --version from package.json, or loads the bundle. Before loading it: Node 22.1+ keeps compiled code
// between runs in the user's cache directory (XDG rules; a no-op on Node 20); with CHATBOT_DEBUG, stack traces point
// into src/ through the bundle's source maps. A checkout that was installed but never built says so.
import module from 'node:module';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  const cacheHome = process.env.XDG_CACHE_HOME || join(process.env.HOME || homedir(), '.cache');
  module.enableCompileCache?.(join(cacheHome, 'chatbot', 'compile-cache'));
  if (process.env.CHATBOT_DEBUG) process.setSourceMapsEnabled(true);
  const bundle = new URL('../dist/chatbot.js', import.meta.url);
  await import(bundle.href).catch((error) => {
    if (error?.url !== bundle.href) throw error;
    process.stderr.write('chatbot is not built yet: run `npm run build` in its checkout\n');
    process.exitCode = 1;
  });
}

// The console's files, as the build writes them (dist/console/: index.html, console.js, console.css): read from
// dist/ beside the bundle, from the repository's dist/ when the emulator runs from its sources, or from the single
// executable's assets. The emulator's own reader (it imports nothing outside src/emulator): src/bundled-files.ts
// does the same for the CLI's files, and the import rules keep the two apart.
import { readFileSync } from 'node:fs';

const inSingleExecutable = typeof __SINGLE_EXECUTABLE__ === 'boolean' && __SINGLE_EXECUTABLE__;
const fromSources = import.meta.url.endsWith('.ts');

export type ConsoleFile = 'index.html' | 'console.js' | 'console.css';

function read(name: ConsoleFile): string {
  const path = `console/${name}`;
  if (inSingleExecutable) return process.getBuiltinModule('node:sea').getAsset(path, 'utf8');
  return readFileSync(new URL(fromSources ? `../../../dist/${path}` : path, import.meta.url), 'utf8');
}

/** A console file's text, or undefined when the build did not write it. */
export function consoleFile(name: ConsoleFile): string | undefined {
  try {
    return read(name);
  } catch {
    return undefined;
  }
}

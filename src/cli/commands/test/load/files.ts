// The conversation files a run reads: the files given, and the .yaml/.yml files under each directory given.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../../../errors.js';

const CONVERSATION_FILE = /\.ya?ml$/i;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(path);
      return entry.isFile() && CONVERSATION_FILE.test(entry.name) ? [path] : [];
    });
}

function kindOf(path: string): 'file' | 'dir' {
  try {
    return statSync(path).isDirectory() ? 'dir' : 'file';
  } catch {
    throw new UsageError(`${path} does not exist — name conversation files (.yaml) or directories holding them`);
  }
}

/** Every conversation file of `paths`, each once, in the order given (a directory's sorted by name). */
export function conversationFiles(paths: readonly string[]): string[] {
  const found = paths.flatMap((path) => (kindOf(path) === 'dir' ? filesUnder(path) : [path]));
  const unique = [...new Set(found)];
  if (unique.length === 0) {
    throw new UsageError(`No conversation files (.yaml, .yml) in ${paths.join(', ')}`);
  }
  return unique;
}

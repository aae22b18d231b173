// File modes of the CLI's config directory: the directory 0700, every file in it 0600.
import { statSync } from 'node:fs';
import { filesUnder } from './leaks.js';

/** The permission bits of the directory and of every file under it, as octal text ('700', '600'). */
export function modesUnder(dir: string): { dir: string; files: Record<string, string> } {
  const bits = (path: string) => (statSync(path).mode & 0o777).toString(8);
  return {
    dir: bits(dir),
    files: Object.fromEntries(filesUnder(dir).map((path) => [path.slice(dir.length + 1), bits(path)])),
  };
}

/** What modesUnder should give when everything is private: the same files, each '600'. */
export function allPrivate(modes: { files: Record<string, string> }): { dir: string; files: Record<string, string> } {
  return { dir: '700', files: Object.fromEntries(Object.keys(modes.files).map((name) => [name, '600'])) };
}

// docs/architecture.md is the tree: every folder of src is in one of its trees (or named by its full path in its
// text), and every folder its trees name is in src. A folder added, moved or removed without the document fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** Every folder under src, written as the document writes one: its path from the root, ending in a slash. */
function sourceFolders(): string[] {
  return readdirSync(join(ROOT, 'src'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${entry.parentPath.slice(ROOT.length + 1)}/${entry.name}/`)
    .sort();
}

const FOLDER = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*\/$/;

/**
 * The folders a tree (a fenced block) names. A line's leading words that end in `/` are folders: a path from the
 * repository's root (`src/cli/wait/`) is itself, any other (`http/`, `send/batch/`) is under the folder of the nearest
 * line above it that is less indented. A file path (`src/emulator/index.ts`) opens its folder for the lines below.
 */
export function treeFolders(block: string): string[] {
  const found: string[] = [];
  const parents: { indent: number; path: string }[] = [];
  for (const line of block.split('\n')) {
    const indent = line.length - line.trimStart().length;
    const words = line.trim().split(/\s+/);
    while (parents.length > 0 && (parents.at(-1)?.indent ?? 0) >= indent) parents.pop();
    const parent = parents.at(-1)?.path;
    const named: string[] = [];
    for (const word of words) {
      if (word.startsWith('src/')) named.push(word.slice(0, word.lastIndexOf('/') + 1));
      else if (FOLDER.test(word) && parent !== undefined) named.push(`${parent}${word}`);
      else break;
    }
    found.push(...named);
    if (named.length === 1) parents.push({ indent, path: named[0] ?? '' });
  }
  return found;
}

/** The fenced blocks of a markdown text, each with its info string (`ts`, or empty for a tree). */
function fencedBlocks(markdown: string): { info: string; body: string }[] {
  const blocks: { info: string; body: string }[] = [];
  let open: { info: string; lines: string[] } | undefined;
  for (const line of markdown.split('\n')) {
    if (open === undefined && line.startsWith('```')) open = { info: line.slice(3).trim(), lines: [] };
    else if (open !== undefined && line.startsWith('```')) {
      blocks.push({ info: open.info, body: open.lines.join('\n') });
      open = undefined;
    } else open?.lines.push(line);
  }
  return blocks;
}

/** The folders the document names: in its trees, and by full path (`src/cli/shared/`) anywhere in its text. */
export function documentedFolders(markdown: string): Set<string> {
  const blocks = fencedBlocks(markdown)
    .filter((block) => block.info === '')
    .map((block) => block.body);
  const inText = [...markdown.matchAll(/(?<![\w/])src\/(?:[a-z0-9][a-z0-9._-]*\/)+/g)].map(([path]) => path);
  return new Set([...blocks.flatMap(treeFolders), ...inText]);
}

describe('docs/architecture.md', () => {
  const markdown = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const documented = documentedFolders(markdown);

  it('names every folder of src', () => {
    expect(sourceFolders().filter((folder) => !documented.has(folder))).toEqual([]);
  });

  it('names no folder that src does not have', () => {
    const real = new Set(['src/', ...sourceFolders()]);
    expect([...documented].filter((folder) => !real.has(folder)).sort()).toEqual([]);
  });

  it('reads folders from a tree by indentation, and misses one the tree leaves out', () => {
    const tree = [
      'src/emulator/index.ts   the entry',
      'src/emulator/',
      '  http/                 the HTTP layer',
      '  operations/           the service',
      '    auth/ ia/           two areas',
      '  store/                SQLite',
    ].join('\n');
    expect(treeFolders(tree)).toEqual([
      'src/emulator/',
      'src/emulator/',
      'src/emulator/http/',
      'src/emulator/operations/',
      'src/emulator/operations/auth/',
      'src/emulator/operations/ia/',
      'src/emulator/store/',
    ]);
    expect(treeFolders(tree)).not.toContain('src/emulator/live/');
  });
});

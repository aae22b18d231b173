// Every path a code comment of src/ or test/ cites is in the repository, as test/docs/doc-paths.test.ts checks the
// docs': a path under one of the repository's top-level folders (`src/cli/run.ts`, docs/usage.md), a markdown file
// named by its folder (which must be one of the repository's), and nothing outside it (`shared/…`, `../…`, /work/…).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
/** Made by the build or by npm, never committed: a comment may name what lands there. */
const GENERATED = new Set(['dist', 'dist-bin', 'node_modules', '.scratch']);
const OUTSIDE = /^(shared\/|\.\.\/|\/work\/)/;
const TOP_LEVEL = new Set(readdirSync(ROOT).filter((name) => !GENERATED.has(name) && name !== '.git'));

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name))
    .map((entry) => `${entry.parentPath.slice(ROOT.length + 1)}/${entry.name}`);
}

/** The text of a file's comments: whole-line and trailing `//` comments, and block comments. */
export function commentText(source: string): string {
  const blocks = [...source.matchAll(/(?:^|\s)\/\*[*\s][\s\S]*?\*\//g)].map(([block]) => block);
  const lines = [...source.matchAll(/(?:^|\s)\/\/(.*)$/gm)].map(([, line = '']) => line);
  return [...blocks, ...lines].join('\n');
}

/**
 * The paths a comment cites: words under a top-level folder of the repository, markdown files named with their
 * folder, and anything outside the repository. Routes (`/api/x`), module specifiers and paths relative to the
 * folder the comment is in (`control/types.ts`) are left alone.
 */
export function citedPaths(comment: string, topLevel: ReadonlySet<string>): string[] {
  return [...comment.matchAll(/[^\s`'"(),;[\]{}]+/g)]
    .map(([word]) => word.replace(/[.:]+$/, ''))
    .filter((word) => !word.includes('…'))
    .filter((word) => /^(\.{0,2}\/|\/work\/)?[\w.-]+\/[\w.<>*/-]*$/.test(word))
    .filter(
      (word) =>
        OUTSIDE.test(word) ||
        topLevel.has(word.replace(/^\.\//, '').split('/')[0] ?? '') ||
        /^[\w.-]+\/[\w./-]*\.md$/.test(word),
    );
}

/** Whether `path` (which may hold `<placeholder>` or `*`) names a file or folder of the repository. */
function exists(path: string): boolean {
  if (GENERATED.has(path.split('/')[0] ?? '')) return true;
  if (!/[<*]/.test(path)) return existsSync(join(ROOT, path));
  const [fixed = ''] = path.split(/[<*]/);
  return existsSync(join(ROOT, fixed.slice(0, fixed.lastIndexOf('/') + 1)));
}

describe('paths the code comments cite', () => {
  it.each([...sourceFiles('src'), ...sourceFiles('test')])('%s cites only paths in the repository', (file) => {
    const cited = citedPaths(commentText(readFileSync(join(ROOT, file), 'utf8')), TOP_LEVEL);
    // A path that starts with a dot is relative to the file's folder, any other to the repository's root.
    const fromRoot = (path: string) =>
      /^\.{1,2}\//.test(path) ? relative(ROOT, join(ROOT, dirname(file), path)) : path;
    const missing = cited.filter((path) => {
      const resolved = fromRoot(path);
      return /^\/work\/|^shared\//.test(path) || resolved.startsWith('..') || !exists(resolved);
    });
    expect(missing).toEqual([]);
  });

  it('finds cited paths in comments only, and leaves routes, specifiers and relative module names alone', () => {
    const source = [
      '// See notes/real-service.md and `src/cli/run.ts` (/__emulator/*), [x](../shared/y.md),',
      '/** docs/usage.md, /work/x/y, control/types.ts, /api/create-message, shared/…/z.md */',
      "const path = 'src/not/a/comment.ts'; // trailing: test/docs/",
    ].join('\n');
    expect(citedPaths(commentText(source), TOP_LEVEL).sort()).toEqual(
      ['../shared/y.md', '/work/x/y', 'docs/usage.md', 'notes/real-service.md', 'src/cli/run.ts', 'test/docs/'].sort(),
    );
  });
});

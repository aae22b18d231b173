// Every path a doc names is in the repository: each markdown link to a file, and each `code` span that is a path
// under one of the repository's top-level folders. A path outside the repository (`shared/seeds/…`, `../…`, the
// workplace's /work/…) always fails here, as does a file renamed or removed without its docs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
/** Made by the build or by npm, never committed: a doc may name what lands there. */
const GENERATED = new Set(['dist', 'dist-bin', 'node_modules', '.scratch']);
const IGNORED = new Set([...GENERATED, '.git']);
/** The workplace around the repository: its shared notes and seeds, and anything above the checkout. */
const OUTSIDE = /^(shared\/|\.\.\/|\/work\/)/;
/** The docs: the README, docs/*.md, and any other README below the root. */
const DOCS = repositoryFiles().filter((file) => /(^|\/)README\.md$/.test(file) || /^docs\/[^/]+\.md$/.test(file));
const TOP_LEVEL = new Set(readdirSync(ROOT));

function repositoryFiles(folder = ''): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => !IGNORED.has(entry.name))
    .flatMap((entry) => {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      return entry.isDirectory() ? [`${path}/`, ...repositoryFiles(path)] : [path];
    });
}

/** Link targets that are files of the repository (not web addresses, not anchors in the same page). */
function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target = '']) => target.replace(/#.*$/, ''))
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

/**
 * `code` spans that name paths: under a top-level folder of the repository (`src/cli/run.ts`, `test/docs/`), or
 * outside it (`shared/notes/…`, `../…`, `/work/…`). Other spans with slashes (routes, time zones, package
 * imports, paths relative to a folder the text is about) are left alone.
 */
export function codePaths(markdown: string, topLevel: ReadonlySet<string>): string[] {
  return [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map(([, span = '']) => span.replace(/[.,:;]$/, ''))
    .filter((span) => /^(\.{0,2}\/|\/work\/)?[\w.-]+\/[\w.<>*/-]*$/.test(span))
    .filter((span) => OUTSIDE.test(span) || topLevel.has(span.replace(/^\.\//, '').split('/')[0] ?? ''));
}

/** Whether `path` (which may hold `<placeholder>` or `*`) names a file or folder of the repository. */
function exists(path: string, files: readonly string[]): boolean {
  if (!/[<*]/.test(path)) return existsSync(join(ROOT, path));
  const pattern = new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]*>|\*/g, '[^/]+')}/?$`);
  return files.some((file) => pattern.test(file));
}

describe('paths the docs name', () => {
  const files = repositoryFiles();

  it.each(DOCS)('%s names only paths that exist in the repository', (doc) => {
    const markdown = readFileSync(join(ROOT, doc), 'utf8');
    const fromDoc = linkTargets(markdown).map((target) => relative(ROOT, join(ROOT, dirname(doc), target)));
    const spans = codePaths(markdown, TOP_LEVEL);
    const fromRoot = spans.filter((span) => !OUTSIDE.test(span)).map((path) => relative(ROOT, join(ROOT, path)));
    const missing = [...fromDoc, ...fromRoot].filter(
      (path) => !GENERATED.has(path.split('/')[0] ?? '') && !exists(path, files),
    );
    expect([...missing, ...spans.filter((span) => OUTSIDE.test(span))]).toEqual([]);
  });

  it('finds paths outside the repository and paths under its folders, and leaves other code alone', () => {
    const markdown = [
      'See `shared/seeds/000_1.txt` and `shared/notes/design.md`, [the seed](../shared/seeds/000_1.txt),',
      '`src/cli/run.ts`, `test/docs/`, `src/cli/commands/<noun>/`,',
      '`../x/y`, `/work/shared/z`,',
      'but not `/api/create-message`, `America/Recife`, `chatbot-cli/emulator`, `control/types.ts` or `a b/c`.',
    ].join('\n');
    expect(codePaths(markdown, TOP_LEVEL)).toEqual([
      'shared/seeds/000_1.txt',
      'shared/notes/design.md',
      'src/cli/run.ts',
      'test/docs/',
      'src/cli/commands/<noun>/',
      '../x/y',
      '/work/shared/z',
    ]);
    expect(linkTargets(markdown)).toEqual(['../shared/seeds/000_1.txt']);
    expect(exists('src/cli/commands/<noun>/', files)).toBe(true);
    expect(exists('shared/notes/design.md', files)).toBe(false);
  });
});

// Files the build ships beside the code: in dist/ next to the bundle (scripts/build.mjs), or inside the single
// executable as its assets (scripts/build-binary.mjs), where their URLs are `sea:/<path>`.
import { readFileSync } from 'node:fs';

const inSingleExecutable = typeof __SINGLE_EXECUTABLE__ === 'boolean' && __SINGLE_EXECUTABLE__;

/** The URL of the bundled file (or directory, ending in /) at `path`, relative to dist/. */
export function bundledFileUrl(path: string): URL {
  return inSingleExecutable ? new URL(`sea:/${path}`) : new URL(path, import.meta.url);
}

/** The text of a file: a single executable's asset for a `sea:` URL, else from the file system. */
export function readBundledText(file: string | URL): string {
  if (typeof file === 'string' || file.protocol !== 'sea:') return readFileSync(file, 'utf8');
  return process.getBuiltinModule('node:sea').getAsset(file.pathname.slice(1), 'utf8');
}

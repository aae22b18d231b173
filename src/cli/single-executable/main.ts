// The single executable's main script (scripts/build-binary.mjs). A bare --version is answered at once; any other
// command compiles the CLI, one CommonJS bundle kept as an asset, with the V8 code cache the build made for it, so
// that a start neither parses the whole bundle nor compiles what its command does not run.
import { dirname } from 'node:path';
import { getRawAsset } from 'node:sea';
import { Script } from 'node:vm';
import { VERSION_TEXT } from '../../version.js';
import type * as CliBundle from './cli.js';
import { mapStackTracesTo } from './source-mapped-stacks.js';

/** The assets scripts/build-binary.mjs writes: the CLI bundle, its source map, its code cache. */
const BUNDLE = 'chatbot.cjs';
const SOURCE_MAP = 'chatbot.cjs.map';
const CODE_CACHE = 'chatbot.cjs.code-cache';

/** The function the bundle is (its build wraps it), called with what a CommonJS module gets. */
type BundleFunction = (module: { exports: unknown }, require: NodeJS.Require, filename: string, dir: string) => void;

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${VERSION_TEXT}\n`);
} else {
  if (process.env.CHATBOT_DEBUG) mapStackTracesTo(BUNDLE, assetText(SOURCE_MAP));
  // Empty in a build for a CPU other than the one the cache was made on, where V8 would refuse it (docs/binary.md).
  const cache = assetBytes(CODE_CACHE);
  const cachedData = cache.length > 0 ? cache : undefined;
  const script = new Script(assetText(BUNDLE), { filename: BUNDLE, cachedData });
  if (process.env.CHATBOT_DEBUG && cachedData && script.cachedDataRejected) {
    process.stderr.write('chatbot: V8 rejected the code cache built into this executable; start-up is slower\n');
  }
  const cli = { exports: {} as typeof CliBundle };
  (script.runInThisContext() as BundleFunction)(cli, require, process.execPath, dirname(process.execPath));
  void cli.exports.runProcess().then((code) => {
    process.exitCode = code;
  });
}

function assetBytes(key: string): Buffer {
  return Buffer.from(getRawAsset(key) as ArrayBuffer);
}

/** An asset's text: the bundle and its map are ASCII (esbuild escapes everything else). */
function assetText(key: string): string {
  return assetBytes(key).toString('latin1');
}

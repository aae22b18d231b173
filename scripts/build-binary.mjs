// `npm run build:binary`: the CLI and the emulator as one executable file that needs no Node installed, for linux-x64
// (or `-- --target <platform>`, repeatable, or `-- --all`: TARGETS in scripts/build-binary-node.mjs), from the
// official Node 24 of that platform (Node 26 for darwin-arm64: scripts/build-binary-node.mjs) with a single executable
// application injected, dist-bin/chatbot-<platform>, and its release archive with SHA256SUMS (docs/binary.md).
//
// Inside: a small main script (src/cli/single-executable/main.ts) and, as assets, the CLI as one CommonJS bundle, its V8
// code cache, its source map, and the files of ASSET_DIRS. The code cache is made by running the bundle in-process
// with the same Node, through the commands whose start-up counts, so that it holds what they compile.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeArchive, writeChecksums } from './build-binary-archive.mjs';
import { removeMachOSignature, removePeSignature } from './build-binary-unsign.mjs';
import { chooseReleases, HOST, NODE_LINE, nodeExecutable, TARGETS } from './build-binary-node.mjs';
import { lazyChildProcess, noChalkDetection, phoneCallingCodes, pkg } from './build.mjs';

/** Directories of dist/ whose files become assets, each under its path in dist/ (src/bundled-files.ts reads them). */
const ASSET_DIRS = ['phone-metadata', 'console'];
/**
 * Packages only a rare flag loads (jq-wasm: --jq; 1.3 MB, a third of the CLI), each kept as an asset of its own that is
 * compiled on first use, so that a start does not read and copy it with the rest of the CLI.
 */
const SEPARATE_PACKAGES = ['jq-wasm'];
/** The asset names src/cli/single-executable/main.ts reads. */
const BUNDLE = 'chatbot.cjs';
/** What a CommonJS module gets, as a function the bundle's text is the body of (main.ts calls it). */
const WRAPPER = { banner: "(function (module, require, __filename, __dirname) {'use strict';", footer: '})' };
const OUT_DIR = 'dist-bin';
/** postject's default sentinel: the fuse Node's executable checks for an injected application. */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

const USAGE = `usage: npm run build:binary [-- --target <platform>]... [-- --all]
platforms: ${Object.keys(TARGETS).join(', ')} (default: ${HOST})`;

/** The platforms asked for on the command line, in TARGETS' order, and whether --all asked for them. */
function platformsAsked(args) {
  const asked = new Set();
  const all = args.includes('--all');
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    const value = arg.startsWith('--target=') ? arg.slice('--target='.length) : arg === '--target' ? args[++i] : null;
    if (arg === '--all') Object.keys(TARGETS).forEach((platform) => asked.add(platform));
    else if (value !== null && Object.hasOwn(TARGETS, value ?? '')) asked.add(value);
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      const what = value === null ? `unknown argument '${arg}'` : `unknown platform '${value ?? ''}'`;
      throw new Error(`${what}\n${USAGE}`);
    }
  }
  if (asked.size === 0) asked.add(HOST);
  return { platforms: Object.keys(TARGETS).filter((platform) => asked.has(platform)), all };
}

/**
 * What every script in the executable is built with: one CommonJS file for Node 24, whitespace and syntax minified.
 * @type {import('esbuild').BuildOptions}
 */
const SCRIPT_OPTIONS = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: `node${NODE_LINE}`,
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
};

/** A package of SEPARATE_PACKAGES in the CLI: a module that compiles the package's own asset when first required. */
const separatePackages = {
  name: 'separate-packages',
  setup(build) {
    const filter = new RegExp(`^(${SEPARATE_PACKAGES.join('|')})$`);
    build.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'separate-package' }));
    build.onLoad({ filter: /.*/, namespace: 'separate-package' }, (args) => ({
      contents: [
        "const { getRawAsset } = require('node:sea');",
        "const { Script } = require('node:vm');",
        `const source = Buffer.from(getRawAsset('${args.path}.cjs')).toString('latin1');`,
        `new Script(source, { filename: '${args.path}.cjs' }).runInThisContext()(module, require, __filename, __dirname);`,
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/**
 * The CLI as one CommonJS script that evaluates to a function of what a CommonJS module gets (main.ts calls it), with
 * a source map whose sources are paths in this repository.
 */
async function bundleCli(dir) {
  await build({
    entryPoints: ['src/cli/single-executable/cli.ts'],
    outfile: join(dir, BUNDLE),
    ...SCRIPT_OPTIONS,
    sourcemap: 'external',
    sourcesContent: false,
    // Node 24 has node:sqlite: the emulator never loads better-sqlite3 there.
    external: ['better-sqlite3'],
    define: {
      __VERSION__: JSON.stringify(pkg.version),
      __PHONE_CALLING_CODES__: JSON.stringify(phoneCallingCodes),
      __SINGLE_EXECUTABLE__: 'true',
      // CommonJS has no import.meta; the bundle's module URL is the executable's.
      'import.meta.url': '__chatbotModuleUrl',
    },
    banner: { js: `${WRAPPER.banner}var __chatbotModuleUrl = require('node:url').pathToFileURL(__filename).href;` },
    footer: { js: WRAPPER.footer },
    plugins: [lazyChildProcess, noChalkDetection, separatePackages],
  });
  const mapFile = join(dir, `${BUNDLE}.map`);
  const map = JSON.parse(await readFile(mapFile, 'utf8'));
  map.sources = map.sources.map((source) => relative(ROOT, resolve(dir, source)));
  await writeFile(mapFile, JSON.stringify(map));
}

/** Each of SEPARATE_PACKAGES as a script like the CLI's, `<package>.cjs`. */
async function bundleSeparatePackages(dir) {
  for (const name of SEPARATE_PACKAGES) {
    await build({
      stdin: { contents: `module.exports = require('${name}');`, resolveDir: ROOT },
      outfile: join(dir, `${name}.cjs`),
      ...SCRIPT_OPTIONS,
      banner: { js: WRAPPER.banner },
      footer: { js: WRAPPER.footer },
    });
  }
}

async function bundleMain(dir) {
  await build({
    entryPoints: ['src/cli/single-executable/main.ts'],
    outfile: join(dir, 'main.cjs'),
    ...SCRIPT_OPTIONS,
    define: { __VERSION__: JSON.stringify(pkg.version), __SINGLE_EXECUTABLE__: 'true' },
  });
}

/** Every file under dist/<dir>, keyed by its path in dist/. */
function distAssets(dir) {
  const entries = readdirSync(join(ROOT, 'dist', dir), { recursive: true, withFileTypes: true });
  return Object.fromEntries(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [relative(join(ROOT, 'dist'), path), path];
      }),
  );
}

/**
 * Node's Linux executables come with their symbol table and debug information (18 MB of Node 24's 127 MB), which
 * nothing run-time needs (the dynamic symbols native addons link against stay); binutils' strip takes them out, the
 * first of the target's strip commands found (aarch64-linux-gnu-strip for arm64: Debian's binutils-aarch64-linux-gnu).
 */
function stripSymbols(executable, commands) {
  for (const command of commands) {
    try {
      execFileSync(command, ['--strip-all', executable], { stdio: 'pipe' });
      return;
    } catch (caught) {
      const error = /** @type {NodeJS.ErrnoException & { stderr?: string }} */ (caught);
      if (error.code !== 'ENOENT') throw new Error(`${command} ${executable}: ${error.stderr || error.message}`);
    }
  }
  if (commands.length) console.log(`Not stripped: none of ${commands.join(', ')} is installed (binutils)`);
}

/** Writes the application blob (node --experimental-sea-config, by the Node of the release it goes into). */
function writeBlob(node, dir, blob, codeCache) {
  const cacheFile = join(dir, `${BUNDLE}.code-cache`);
  const emptyFile = join(dir, 'empty');
  writeFileSync(emptyFile, '');
  const config = {
    main: join(dir, 'main.cjs'),
    output: blob,
    disableExperimentalSEAWarning: true,
    assets: {
      [BUNDLE]: join(dir, BUNDLE),
      [`${BUNDLE}.map`]: join(dir, `${BUNDLE}.map`),
      // Empty where V8 would refuse it (main.ts then compiles without one).
      [`${BUNDLE}.code-cache`]: codeCache ? cacheFile : emptyFile,
      ...Object.fromEntries(SEPARATE_PACKAGES.map((name) => [`${name}.cjs`, join(dir, `${name}.cjs`)])),
      ...Object.assign({}, ...ASSET_DIRS.map(distAssets)),
    },
  };
  const configFile = join(dir, `${basename(blob)}.json`);
  writeFileSync(configFile, JSON.stringify(config));
  execFileSync(node, ['--experimental-sea-config', configFile], { stdio: 'pipe' });
}

/** A copy of the platform's Node, stripped (Linux) or unsigned (macOS, Windows), with the blob injected by postject. */
function buildExecutable(platform, node, blob) {
  const target = TARGETS[platform];
  const output = join(ROOT, OUT_DIR, `chatbot-${platform}${target.format === 'pe' ? '.exe' : ''}`);
  rmSync(output, { force: true });
  copyFileSync(node, output);
  chmodSync(output, 0o755);
  stripSymbols(output, target.strip);
  if (target.format === 'macho') removeMachOSignature(output);
  if (target.format === 'pe') removePeSignature(output);
  const postject = join(dirname(require.resolve('postject')), 'cli.js');
  const args = [postject, output, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE];
  if (target.format === 'macho') args.push('--macho-segment-name', 'NODE_SEA');
  execFileSync(process.execPath, args, { stdio: 'pipe' });
  return output;
}

/** Runs scripts/warm-code-cache.mjs with the executable's Node: writes the bundle's code cache beside it. */
function warmCodeCache(node, dir) {
  const script = join(ROOT, 'scripts/warm-code-cache.mjs');
  const args = [script, join(dir, BUNDLE), join(ROOT, 'dist'), join(dir, `${BUNDLE}.code-cache`)];
  execFileSync(node, args, { stdio: 'inherit' });
}

/** What the built file says to --version where this machine can run it: natively, or linux-arm64 under qemu. */
function versionText(platform, output) {
  if (platform === HOST) return execFileSync(output, ['--version'], { encoding: 'utf8' }).trim();
  if (platform === 'linux-arm64' && existsSync('/usr/aarch64-linux-gnu')) {
    try {
      const args = ['-L', '/usr/aarch64-linux-gnu', output, '--version'];
      return `${execFileSync('qemu-aarch64', args, { encoding: 'utf8', stdio: 'pipe' }).trim()} (under qemu-aarch64)`;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    }
  }
  return undefined;
}

const asked = platformsAsked(process.argv.slice(2));
const { releases, unavailable } = chooseReleases(asked.platforms);
// --all builds every platform that has a Node 24; a platform asked for by name must have one.
for (const [platform, why] of Object.entries(unavailable)) {
  if (!asked.all) throw new Error(`Cannot build ${platform}: ${why}`);
  console.log(`Skipped ${platform}: ${why}`);
}
const platforms = asked.platforms.filter((platform) => releases[platform]);
const dir = mkdtempSync(join(tmpdir(), 'chatbot-binary-'));
try {
  await Promise.all([bundleCli(dir), bundleMain(dir), bundleSeparatePackages(dir)]);
  mkdirSync(join(ROOT, OUT_DIR), { recursive: true });
  const archives = [];
  const releasesBuilt = {};
  for (const version of new Set(Object.values(releases))) {
    // The blob and its code cache are made by the linux-x64 Node of the release they go into.
    const host = nodeExecutable(HOST, version);
    const built = platforms.filter((name) => releases[name] === version);
    if (built.some((platform) => TARGETS[platform].codeCache)) warmCodeCache(host, dir);
    const blobs = new Set();
    for (const platform of built) {
      const started = Date.now();
      const { codeCache, name } = TARGETS[platform];
      const blob = join(dir, `sea-${version}${codeCache ? '' : '-no-code-cache'}.blob`);
      if (!blobs.has(blob)) writeBlob(host, dir, blob, codeCache);
      blobs.add(blob);
      const output = buildExecutable(platform, nodeExecutable(platform, version), blob);
      const binary = { root: ROOT, outDir: join(ROOT, OUT_DIR), version: pkg.version, platform, binary: output, name };
      const archive = writeArchive(binary);
      archives.push(archive);
      releasesBuilt[platform] = version;
      const said = versionText(platform, output);
      console.log(
        `Built ${relative(ROOT, output)} (Node ${version}, ${megabytes(output)} MB${codeCache ? '' : ', no code cache'}) ` +
          `and ${relative(ROOT, archive)} (${megabytes(archive)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
          (said ? `its --version says: ${said}` : 'not run here'),
      );
    }
  }
  console.log(`Wrote ${relative(ROOT, writeChecksums(join(ROOT, OUT_DIR), archives))}`);
  // Which Node release each binary was built from, for test/binary/targets.test.ts (which compares it with that Node).
  writeFileSync(join(ROOT, OUT_DIR, 'releases.json'), `${JSON.stringify(releasesBuilt, null, 2)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function megabytes(file) {
  return (statSync(file).size / 1024 / 1024).toFixed(1);
}

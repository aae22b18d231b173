// Bundles the CLI and the `chatbot-cli/emulator` entry into dist/ with code splitting, so each command loads only what
// it uses, and writes the entry's type declarations to dist/types/.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';

/**
 * Commander requires node:child_process at load, for executable subcommands this CLI does not have; loading it (with
 * net and dgram) cost every start a few milliseconds. Commander gets an object that requires it on first use instead.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes('node_modules/commander/')
        ? { path: 'commander', namespace: 'lazy-child-process' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "module.exports = { spawn: (...args) => require('node:child_process').spawn(...args) };",
      loader: 'js',
    }));
  },
};

/**
 * On Node 20, undici's HTTP parser (WebAssembly, compiled at the first connection) is compiled with the baseline
 * compiler only: the optimising one ran at every start and made the process wait about 100 ms at exit (measured
 * there; V8 prints an error for a flag it does not know, so it is set only where it was measured). The flag is set
 * where the bundle first imports undici, so that runs which never load it (`--dry-run`) do not load node:v8 either.
 */
const liftoffBeforeUndici = {
  name: 'liftoff-before-undici',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, (args) =>
      args.namespace === 'file' && !args.importer.includes('node_modules/')
        ? { path: 'undici', namespace: 'liftoff-before-undici' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'liftoff-before-undici' }, () => ({
      contents: [
        "import v8 from 'node:v8';",
        "if (process.versions.node.startsWith('20.')) v8.setFlagsFromString('--liftoff-only');",
        "export * from 'undici';",
      ].join('\n'),
      resolveDir: process.cwd(),
      loader: 'js',
    }));
  },
};

/**
 * Chalk detects the terminal's colour support when imported, with node:tty (which brings net and Node's streams into
 * every start); the CLI never uses that detection, since Output gives each Chalk instance its level from
 * `colorAllowed`. Chalk gets a detection that found no colour instead.
 */
const noChalkDetection = {
  name: 'no-chalk-detection',
  setup(build) {
    build.onResolve({ filter: /^#supports-color$/ }, (args) =>
      args.importer.includes('node_modules/chalk/') ? { path: 'chalk', namespace: 'no-chalk-detection' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'no-chalk-detection' }, () => ({
      contents: 'export default { stdout: false, stderr: false };',
      loader: 'js',
    }));
  },
};

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });

/**
 * Writes libphonenumber-js's whole metadata (metadata.max.json, 156 KB) as one file per country calling code,
 * dist/phone-metadata/<code>.json, each with that code's countries (or its non-geographic plan) and nothing else, so a
 * phone check parses only its number's part (src/phone-metadata.ts). Returns the codes, space-separated.
 */
async function splitPhoneMetadata() {
  const file = createRequire(import.meta.url).resolve('libphonenumber-js/metadata.max.json');
  const whole = JSON.parse(await readFile(file, 'utf8'));
  const dir = new URL('../dist/phone-metadata/', import.meta.url);
  await mkdir(dir, { recursive: true });
  const parts = /** @type {[string, object][]} */ ([
    ...Object.entries(whole.country_calling_codes).map(([code, countries]) => [
      code,
      {
        country_calling_codes: { [code]: countries },
        countries: Object.fromEntries(countries.map((country) => [country, whole.countries[country]])),
      },
    ]),
    ...Object.entries(whole.nonGeographic).map(([code, plan]) => [
      code,
      { country_calling_codes: {}, countries: {}, nonGeographic: { [code]: plan } },
    ]),
  ]);
  for (const [code, part] of parts) {
    await writeFile(new URL(`${code}.json`, dir), JSON.stringify({ version: whole.version, ...part }));
  }
  return parts.map(([code]) => code).join(' ');
}

const phoneCallingCodes = await splitPhoneMetadata();

await build({
  entryPoints: { chatbot: 'src/cli/main.ts', emulator: 'src/emulator/testing/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // Less text to parse at every start; names are kept so that stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  external: ['better-sqlite3'],
  // CommonJS modules bundled into ESM (jq-wasm's Emscripten loader) read __dirname, which ESM does not have.
  define: {
    __VERSION__: JSON.stringify(pkg.version),
    __PHONE_CALLING_CODES__: JSON.stringify(phoneCallingCodes),
    __dirname: 'import.meta.dirname',
  },
  // CommonJS modules bundled into ESM call require (esbuild's __require checks for one); each chunk makes its own on
  // first use, since createRequire in every one of the ~30 chunks a start loads cost it ~9 M instructions.
  banner: {
    js: "import { createRequire as __chatbotCreateRequire } from 'node:module'; let __chatbotRequire; function require(id) { __chatbotRequire ??= __chatbotCreateRequire(import.meta.url); return __chatbotRequire(id); }",
  },
  plugins: [lazyChildProcess, liftoffBeforeUndici, noChalkDetection],
  logLevel: 'warning',
});

/**
 * The emulator's web console (src/emulator/console/page/): its script bundled for the browser with Preact inside (no
 * CDN: it works offline), its page and style copied, all into dist/console/, which the emulator serves at `/`.
 */
async function buildConsole() {
  const out = new URL('../dist/console/', import.meta.url);
  await mkdir(out, { recursive: true });
  await build({
    entryPoints: { console: 'src/emulator/console/page/main.tsx' },
    outdir: 'dist/console',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome120', 'firefox120', 'safari17'],
    minify: true,
    // The views are .tsx: Preact's automatic runtime (preact/jsx-runtime) builds their vnodes, as h() did.
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
    logLevel: 'warning',
  });
  for (const file of ['index.html', 'console.css']) {
    await writeFile(
      new URL(file, out),
      await readFile(new URL(`../src/emulator/console/page/${file}`, import.meta.url)),
    );
  }
}

await buildConsole();

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.types.json'], { stdio: 'inherit' });

// scripts/build-binary.mjs imports this script, which builds dist/ first, and bundles the single executable's CLI with
// the same plugins and values.
export { lazyChildProcess, noChalkDetection, phoneCallingCodes, pkg };

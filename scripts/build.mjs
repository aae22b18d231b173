// Bundles the CLI into dist/ with code splitting, so each command loads only what it uses.
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { chatbot: 'src/cli/main.ts' },
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
  define: { __VERSION__: JSON.stringify(pkg.version) },
  banner: {
    js: "import { createRequire as __chatbotCreateRequire } from 'node:module'; const require = __chatbotCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

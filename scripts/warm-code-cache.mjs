// Run by scripts/build-binary.mjs with the Node that goes into the executable (a code cache is only taken by the same
// V8 with the same flags): compiles the CLI bundle as src/cli/single-executable/main.ts does, runs in-process the commands
// whose start-up counts, and writes V8's code cache, which then holds every function they compiled.
//   node scripts/warm-code-cache.mjs BUNDLE DIST OUTPUT
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { Script } from 'node:vm';

const [bundle = '', dist = '', output = ''] = process.argv.slice(2);
const RUNS = [['--help'], ['send', 'text', '--to', '+5581987000001', '-m', 'Olá', '--dry-run']];

// Outside the executable node:sea has no assets: the bundle's (src/bundled-files.ts) are read from dist/ instead.
const getBuiltinModule = process.getBuiltinModule.bind(process);
process.getBuiltinModule = (id) =>
  id === 'node:sea' ? { getAsset: (key, encoding) => readFileSync(join(dist, key), encoding) } : getBuiltinModule(id);

const script = new Script(readFileSync(bundle, 'latin1'), { filename: basename(bundle) });
const cli = { exports: /** @type {{ runCli: (args: string[], io: object) => Promise<number> }} */ ({}) };
script.runInThisContext()(cli, createRequire(import.meta.url), process.execPath, dirname(process.execPath));

const home = mkdtempSync(join(tmpdir(), 'chatbot-warm-'));
const env = {
  HOME: home,
  CHATBOT_CONFIG_DIR: join(home, 'config'),
  CI: 'true',
  NO_COLOR: '1',
  CHATBOT_AUTHKEY: 'warm-authkey-00000000000000',
  CHATBOT_APPKEY: 'warm-appkey-00000000000000',
};
try {
  for (const args of RUNS) {
    let stderr = '';
    const io = {
      stdin: Readable.from([]),
      stdout: { write: () => true },
      stderr: { write: (text) => (stderr += text) !== '' },
      env,
      signals: process,
    };
    const code = await cli.exports.runCli(args, io);
    if (code !== 0) throw new Error(`warming the code cache: chatbot ${args.join(' ')} exited ${code}: ${stderr}`);
  }
  writeFileSync(output, script.createCachedData());
} finally {
  rmSync(home, { recursive: true, force: true });
}

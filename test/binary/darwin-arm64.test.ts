// darwin-arm64's binary cannot run here, but what it runs can: its application blob, read out of its Mach-O file,
// injected with postject into linux-x64's Node of the same release (Node 26, unlike the other binaries' 24: the one
// whose Node wrote the blob), runs with no node on PATH: its version, and its emulator taking a send and delivering
// the webhook event. What this leaves unchecked is only macOS itself (Mach-O loading, the signature: docs/binary.md).
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtReleases, DIST_BIN, nodePackageFile } from './binary.js';
import { readExecutable } from './headers.js';
import { itSendsAndDelivers } from './send-and-webhook.js';

const DARWIN_ARM64 = join(DIST_BIN, 'chatbot-darwin-arm64');
/** postject's default sentinel, as scripts/build-binary.mjs flips it. */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const release = builtReleases()['darwin-arm64'] ?? '';
const scratch = mkdtempSync(join(tmpdir(), 'chatbot-darwin-arm64-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The blob as it sits in the darwin-arm64 file (its NODE_SEA segment's section). */
function darwinBlob(): Buffer {
  const { blobOffset, blobSize } = readExecutable(DARWIN_ARM64);
  if (blobOffset === undefined || blobSize === undefined) throw new Error(`${DARWIN_ARM64} holds no blob`);
  return readFileSync(DARWIN_ARM64).subarray(blobOffset, blobOffset + blobSize);
}

/** linux-x64's Node of darwin-arm64's release with that blob injected. */
function linuxTwin(): string {
  const blob = join(scratch, 'darwin-arm64.blob');
  writeFileSync(blob, darwinBlob());
  const twin = join(scratch, 'chatbot');
  copyFileSync(nodePackageFile('linux-x64', release, 'bin/node'), twin);
  chmodSync(twin, 0o755);
  const postject = join(dirname(createRequire(import.meta.url).resolve('postject')), 'cli.js');
  execFileSync(process.execPath, [postject, twin, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', FUSE], { stdio: 'pipe' });
  return twin;
}

describe("darwin-arm64's application blob, in linux-x64's Node of the same release", () => {
  it('is built from Node 26, whose linux-x64 release made the blob', () => {
    expect(release).toMatch(/^26\.\d+\.\d+$/);
    expect(darwinBlob().length).toBeGreaterThan(1_000_000);
  });

  itSendsAndDelivers(
    () => ({ binary: linuxTwin() }),
    new RegExp(`v${release.replaceAll('.', '\\.')}`),
    'Olá do Apple silicon',
  );
});

// install.sh against a release page served here (node:http on 127.0.0.1) from what `npm run build:binary` wrote: it
// installs this machine's binary, which then runs; it picks the archive from uname (a stand-in uname on PATH plays
// other machines); it refuses an archive whose SHA-256 is not the one SHA256SUMS gives; shellcheck finds nothing.
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_BIN } from './binary.js';
import { readExecutable } from './headers.js';

const SCRIPT = resolve(import.meta.dirname, '../../install.sh');
const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
const ARCHIVE = `chatbot-${pkg.version}-linux-x64.tar.gz`;

/** The release page: dist-bin's SHA256SUMS and archives at /, and under /tampered/ the same with ARCHIVE altered. */
const files = new Map<string, Buffer>();
const server = createServer((request, response) => {
  const body = files.get(request.url ?? '');
  response.writeHead(body ? 200 : 404).end(body ?? 'not found');
});
let base = '';
const home = mkdtempSync(join(tmpdir(), 'chatbot-install-test-'));

beforeAll(async () => {
  for (const name of readdirSync(DIST_BIN).filter((file) => /^(SHA256SUMS|chatbot-.*\.(tar\.gz|zip))$/.test(file))) {
    files.set(`/${name}`, readFileSync(join(DIST_BIN, name)));
    files.set(`/tampered/${name}`, readFileSync(join(DIST_BIN, name)));
  }
  const tampered = Buffer.from(files.get(`/${ARCHIVE}`) ?? '');
  const middle = tampered.length >> 1;
  tampered.writeUInt8(tampered.readUInt8(middle) ^ 0xff, middle);
  files.set(`/tampered/${ARCHIVE}`, tampered);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(home, { recursive: true, force: true });
});

/**
 * A directory holding a `uname` that answers as the machine `system machine` would (-s, -m), and the other stand-in
 * commands given (name: the shell script's body).
 */
function fakeUname(system: string, machine: string, others: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(home, 'uname-'));
  const uname = `case "$1" in -s) echo ${system} ;; -m) echo ${machine} ;; *) echo ${system} ;; esac`;
  for (const [name, body] of Object.entries({ uname, ...others })) {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

/** A stand-in macOS `codesign` (none runs here) that writes its arguments, one a line, to `log` and exits `code`. */
function fakeCodesign(log: string, code = 0): Record<string, string> {
  return { codesign: `printf '%s\\n' "$@" > '${log}'\nexit ${code}` };
}

/** Runs install.sh into a new directory (its argument) from `from` (a URL path); returns the run and the directory. */
async function install(from: string, pathBefore?: string) {
  const dir = mkdtempSync(join(home, 'bin-'));
  const path = [pathBefore, process.env.PATH].filter(Boolean).join(':');
  const result = await execa('sh', [SCRIPT, dir], {
    env: { PATH: path, HOME: home, CHATBOT_INSTALL_BASE: `${base}${from}` },
    extendEnv: false,
    reject: false,
    timeout: 120_000,
  });
  return { exitCode: result.exitCode, stderr: result.stderr, dir };
}

describe('install.sh', () => {
  it('is clean to shellcheck as a POSIX sh script', async () => {
    const result = await execa('shellcheck', ['--shell=sh', SCRIPT], { reject: false });
    expect(result.stdout).toBe('');
    expect(result.exitCode).toBe(0);
  });

  it("installs this machine's binary, which then runs", async () => {
    const { exitCode, stderr, dir } = await install('/');
    expect(stderr).toContain(`Installed ${dir}/chatbot from ${ARCHIVE} (SHA-256 checked).`);
    expect(exitCode).toBe(0);
    const version = await execa(join(dir, 'chatbot'), ['--version'], { env: { PATH: '/nonexistent' } });
    expect(version.stdout).toMatch(
      new RegExp(`^${pkg.version.replaceAll('.', '\\.')} \\(single executable, Node v24\\.`),
    );
  }, 180_000);

  it('refuses an archive whose SHA-256 is not the one SHA256SUMS gives, naming the file and both sums', async () => {
    const expected = /^([0-9a-f]{64}) {2}chatbot-.*-linux-x64\.tar\.gz$/m.exec(
      (files.get('/SHA256SUMS') ?? '').toString(),
    )?.[1];
    const actual = createHash('sha256')
      .update(files.get(`/tampered/${ARCHIVE}`) ?? '')
      .digest('hex');
    const { exitCode, stderr, dir } = await install('/tampered/');
    expect(exitCode).toBe(1);
    expect(stderr).toContain(
      `${ARCHIVE} does not match SHA256SUMS: its SHA-256 is ${actual}, SHA256SUMS says ${expected}.`,
    );
    expect(stderr).toContain('Nothing was installed');
    expect(existsSync(join(dir, 'chatbot'))).toBe(false);
  }, 180_000);

  it('picks the archive from uname: linux-arm64 on an aarch64 Linux', async () => {
    const { exitCode, stderr, dir } = await install('/', fakeUname('Linux', 'aarch64'));
    expect(stderr).toContain(`from chatbot-${pkg.version}-linux-arm64.tar.gz`);
    expect(exitCode).toBe(0);
    expect(readExecutable(join(dir, 'chatbot'))).toMatchObject({ format: 'elf', cpu: 'arm64', fuseFlipped: true });
  }, 180_000);

  it('picks darwin-arm64 on Apple silicon and signs it ad hoc with codesign before it is in place', async () => {
    const log = join(home, 'codesign-arm64.log');
    const { exitCode, stderr, dir } = await install('/', fakeUname('Darwin', 'arm64', fakeCodesign(log)));
    expect(stderr).toContain(`from chatbot-${pkg.version}-darwin-arm64.tar.gz (SHA-256 checked, signed ad hoc).`);
    expect(exitCode).toBe(0);
    expect(readExecutable(join(dir, 'chatbot'))).toMatchObject({ format: 'macho', cpu: 'arm64', fuseFlipped: true });
    const args = readFileSync(log, 'utf8').trimEnd().split('\n');
    expect(args.slice(0, -1)).toEqual(['--sign', '-', '--force', '--identifier', 'chatbot']);
    // The file signed is the copy that the rename then puts in place.
    expect(args.at(-1)).toMatch(new RegExp(`^${dir}/\\.chatbot\\.\\d+$`));
  }, 180_000);

  it('tells an Intel Mac without codesign to sign it, naming the command', async () => {
    const { exitCode, stderr, dir } = await install('/', fakeUname('Darwin', 'x86_64'));
    expect(stderr).toContain(`from chatbot-${pkg.version}-darwin-x64.tar.gz (SHA-256 checked).`);
    expect(stderr).toContain(`codesign was not found: sign chatbot once before its first run`);
    expect(stderr).toContain(`codesign --sign - "${dir}/chatbot"`);
    expect(exitCode).toBe(0);
    expect(readExecutable(join(dir, 'chatbot'))).toMatchObject({ format: 'macho', cpu: 'x64' });
  }, 180_000);

  it('installs nothing when codesign fails', async () => {
    const log = join(home, 'codesign-fails.log');
    const { exitCode, stderr, dir } = await install('/', fakeUname('Darwin', 'arm64', fakeCodesign(log, 3)));
    expect(stderr).toContain(`chatbot install: codesign could not sign ${dir}/chatbot (exit code 3)`);
    expect(exitCode).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  }, 180_000);

  it('says which machines it has no binary for', async () => {
    const { exitCode, stderr } = await install('/', fakeUname('Linux', 'riscv64'));
    expect(exitCode).toBe(1);
    expect(stderr).toContain('chatbot install: no binary for riscv64 processors');
  });

  it('says when the release page lists no archive for the machine', async () => {
    files.set('/empty/SHA256SUMS', Buffer.from(''));
    const { exitCode, stderr } = await install('/empty/');
    expect(exitCode).toBe(1);
    expect(stderr).toContain(`chatbot install: ${base}/empty/SHA256SUMS lists no archive for linux-x64`);
  });
});

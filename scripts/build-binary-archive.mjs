// The release archives of scripts/build-binary.mjs: chatbot-<version>-<platform>.tar.gz (.zip for Windows) holding the
// binary, LICENSE and the completion scripts under one directory of the same name, and SHA256SUMS for them.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

/** The files beside the binary in every archive: [path in the archive, path in the repository]. */
/** @type {[string, string][]} */
const EXTRAS = [
  ['LICENSE', 'LICENSE'],
  ['completions/chatbot.bash', 'completions/chatbot.bash'],
  ['completions/_chatbot', 'completions/_chatbot'],
  ['completions/chatbot.fish', 'completions/chatbot.fish'],
];

/** The archive's name for a platform: a zip for Windows, whose own tools open one; a gzipped tar elsewhere. */
export function archiveName(version, platform) {
  return `chatbot-${version}-${platform}${platform.startsWith('win-') ? '.zip' : '.tar.gz'}`;
}

/**
 * Writes the archive of a built binary into outDir; returns its path. Its entries: `<stem>/<name>` (the binary, mode
 * 755), `<stem>/LICENSE`, `<stem>/completions/…` (644), stem being the archive's name without its extension.
 */
export function writeArchive({ root, outDir, version, platform, binary, name }) {
  const file = join(outDir, archiveName(version, platform));
  const stem = basename(file).replace(/\.(zip|tar\.gz)$/, '');
  const entries = [
    { path: `${stem}/${name}`, source: binary, mode: 0o755 },
    ...EXTRAS.map(([path, source]) => ({ path: `${stem}/${path}`, source: join(root, source), mode: 0o644 })),
  ];
  if (file.endsWith('.zip')) writeZip(file, entries);
  else writeTarGz(file, entries, outDir);
  return file;
}

/**
 * A gzipped tar by GNU tar, from a staging directory laid out as the archive (owner root, the modes above). gzip -6,
 * not xz: docs/binary.md "Release archives" has the measures (xz is smaller but takes minutes to pack).
 */
function writeTarGz(file, entries, outDir) {
  const staging = join(outDir, `.staging-${basename(file)}`);
  execFileSync('rm', ['-rf', staging]);
  for (const entry of entries) {
    const target = join(staging, entry.path);
    mkdirSync(join(target, '..'), { recursive: true });
    copyFileSync(entry.source, target);
    execFileSync('chmod', [entry.mode.toString(8), target]);
  }
  const tar = ['--create', '--owner=0', '--group=0', '--numeric-owner', '--sort=name', '-C', staging];
  const top = entries[0].path.split('/')[0];
  execFileSync('sh', ['-c', 'tar "$@" | gzip -6 > "$OUT"', 'tar', ...tar, top], { env: { ...process.env, OUT: file } });
  execFileSync('rm', ['-rf', staging]);
}

/** MS-DOS date and time of 2000-01-01 00:00 (zip entries have no earlier), for every entry: the archive is the same each build. */
const DOS_TIME = 0;
const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;

/**
 * A zip (PKWARE APPNOTE 6.3: stored deflate entries, no zip64, so each file under 4 GiB) written with Node's zlib,
 * since Node has no zip writer and one is 60 lines: Windows' Explorer and `tar` open it, `unzip` keeps the modes.
 */
function writeZip(file, entries) {
  const fd = openSync(file, 'w');
  const central = [];
  let offset = 0;
  const write = (buffer) => {
    writeSync(fd, buffer);
    offset += buffer.length;
  };
  try {
    for (const entry of entries) {
      const data = readFileSync(entry.source);
      const packed = deflateRawSync(data, { level: 6 });
      const name = Buffer.from(entry.path, 'utf8');
      const fields = { crc: crc32(data), packed: packed.length, size: data.length, name, offset };
      write(localHeader(fields));
      write(packed);
      central.push(centralHeader(fields, entry.mode));
    }
    const start = offset;
    for (const header of central) write(header);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(central.length, 8);
    end.writeUInt16LE(central.length, 10);
    end.writeUInt32LE(offset - start, 12);
    end.writeUInt32LE(start, 16);
    write(end);
  } finally {
    closeSync(fd);
  }
}

function localHeader({ crc, packed, size, name }) {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed: deflate
  header.writeUInt16LE(0x0800, 6); // names in UTF-8
  header.writeUInt16LE(8, 8); // deflate
  header.writeUInt16LE(DOS_TIME, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(packed, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function centralHeader({ crc, packed, size, name, offset }, mode) {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so that the external attributes carry the mode
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(0x0800, 8);
  header.writeUInt16LE(8, 10);
  header.writeUInt16LE(DOS_TIME, 12);
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(crc, 16);
  header.writeUInt32LE(packed, 20);
  header.writeUInt32LE(size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(((0o100000 | mode) << 16) >>> 0, 38); // a regular file and its mode
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

/** Writes `SHA256SUMS` in outDir for the given files, in sha256sum's format (`<hex>  <name>`); returns its path. */
export function writeChecksums(outDir, files) {
  const lines = files.map((file) => `${sha256(file)}  ${basename(file)}\n`);
  const path = join(outDir, 'SHA256SUMS');
  writeFileSync(path, lines.join(''));
  return path;
}

function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

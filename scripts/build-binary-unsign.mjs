// Removes the code signature Node's macOS and Windows executables come with, before the blob is injected, as
// `codesign --remove-signature` and `signtool remove /s` do: a signature covers the whole file, so it is invalid once
// the blob is in, and a binary whose signature does not match is refused more firmly than one that has none
// (docs/binary.md "macOS" and "Windows").
import { readFileSync, writeFileSync } from 'node:fs';

const MH_MAGIC_64 = 0xfeedfacf;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const HEADER_SIZE = 32;

/** The load commands of a 64-bit little-endian Mach-O: each one's offset, cmd and size. */
export function loadCommands(buffer) {
  if (buffer.readUInt32LE(0) !== MH_MAGIC_64) throw new Error('not a 64-bit little-endian Mach-O file');
  const count = buffer.readUInt32LE(16);
  const commands = [];
  for (let i = 0, offset = HEADER_SIZE; i < count; i += 1) {
    const size = buffer.readUInt32LE(offset + 4);
    commands.push({ offset, cmd: buffer.readUInt32LE(offset), size });
    offset += size;
  }
  return commands;
}

/** A segment command's name (16 bytes, NUL-padded). */
export function segmentName(buffer, command) {
  return buffer.toString('latin1', command.offset + 8, command.offset + 24).replace(/\0+$/, '');
}

/**
 * Takes out LC_CODE_SIGNATURE and the signature it points to, which ends __LINKEDIT and the file: the load commands
 * after it move up, __LINKEDIT's file size shrinks to end where the signature began (its memory size, which covers it, stays), and the file
 * is cut there. Returns whether
 * there was a signature.
 */
export function removeMachOSignature(file) {
  const buffer = readFileSync(file);
  const commands = loadCommands(buffer);
  const signature = commands.find((command) => command.cmd === LC_CODE_SIGNATURE);
  if (!signature) return false;
  const dataOffset = buffer.readUInt32LE(signature.offset + 8);
  const linkedit = commands.find(
    (command) => command.cmd === LC_SEGMENT_64 && segmentName(buffer, command) === '__LINKEDIT',
  );
  if (!linkedit) throw new Error('a Mach-O file with a code signature but no __LINKEDIT segment');
  const fileOffset = Number(buffer.readBigUInt64LE(linkedit.offset + 40));
  const fileSize = BigInt(dataOffset - fileOffset);
  buffer.writeBigUInt64LE(fileSize, linkedit.offset + 48);
  const end = HEADER_SIZE + buffer.readUInt32LE(20);
  buffer.copy(buffer, signature.offset, signature.offset + signature.size, end);
  buffer.fill(0, end - signature.size, end);
  buffer.writeUInt32LE(commands.length - 1, 16);
  buffer.writeUInt32LE(end - HEADER_SIZE - signature.size, 20);
  writeFileSync(file, buffer.subarray(0, dataOffset));
  return true;
}

/**
 * Takes out a PE file's Authenticode signature: the certificate table that data directory 4 (security) points to by
 * file offset, at the end of the file. The directory entry is zeroed and the file cut where the table began, so that
 * nothing postject writes there afterwards is read as a certificate. Returns whether there was one.
 */
export function removePeSignature(file) {
  const buffer = readFileSync(file);
  const optional = buffer.readUInt32LE(0x3c) + 24;
  if (buffer.readUInt16LE(optional) !== 0x20b) throw new Error('not a PE32+ file');
  const security = optional + 112 + 4 * 8;
  const [offset, size] = [buffer.readUInt32LE(security), buffer.readUInt32LE(security + 4)];
  if (offset === 0 || size === 0) return false;
  if (offset + size !== buffer.length) throw new Error('a PE file whose certificate table is not at its end');
  buffer.fill(0, security, security + 8);
  writeFileSync(file, buffer.subarray(0, offset));
  return true;
}

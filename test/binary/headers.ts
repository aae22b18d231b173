// Reads what the binary tests check in a built executable of any platform without running it: its format and CPU from
// its header, and where the application blob sits (ELF: a note named NODE_SEA_BLOB; Mach-O: the NODE_SEA segment's
// __NODE_SEA_BLOB section; PE: the RCDATA resource NODE_SEA_BLOB), as Node's postject-api looks for it at start.
import { readFileSync } from 'node:fs';

export type Format = 'elf' | 'macho' | 'pe';
export type Cpu = 'x64' | 'arm64';

export interface Executable {
  format: Format;
  cpu: Cpu;
  /** The size of the injected application blob; undefined when there is none. */
  blobSize: number | undefined;
  /** Mach-O only: where in the file the blob starts. */
  blobOffset?: number;
  /** Mach-O only: the oldest macOS it runs on, from LC_BUILD_VERSION (e.g. 13.5.0). */
  minimumMacOs?: string;
  /** Whether postject flipped the fuse that tells Node an application is injected. */
  fuseFlipped: boolean;
  /** Mach-O and PE: whether the file has a code signature (LC_CODE_SIGNATURE; an Authenticode certificate table). */
  signed?: boolean;
  /** PE only: the size of Node's own resources, which postject copies into the new resource section with the blob. */
  resourceSize?: number;
}

const BLOB = 'NODE_SEA_BLOB';
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** Reads a file's format, CPU and application blob; throws for a file that is none of ELF, Mach-O 64 and PE. */
export function readExecutable(file: string): Executable {
  const buffer = readFileSync(file);
  const fuseFlipped = buffer.includes(`${FUSE}:1`);
  if (buffer.readUInt32BE(0) === 0x7f454c46) return { ...readElf(buffer), fuseFlipped };
  if (buffer.readUInt32LE(0) === 0xfeedfacf) return { ...readMachO(buffer), fuseFlipped };
  if (buffer.toString('latin1', 0, 2) === 'MZ') return { ...readPe(buffer), fuseFlipped };
  throw new Error(`${file} is not an ELF, 64-bit Mach-O or PE file`);
}

const ELF_MACHINES: Record<number, Cpu> = { 62: 'x64', 183: 'arm64' };

function readElf(buffer: Buffer): Omit<Executable, 'fuseFlipped'> {
  if (buffer[4] !== 2 || buffer[5] !== 1) throw new Error('not a 64-bit little-endian ELF file');
  const cpu = cpuOf(ELF_MACHINES, buffer.readUInt16LE(18));
  const phoff = Number(buffer.readBigUInt64LE(32));
  const [size, count] = [buffer.readUInt16LE(54), buffer.readUInt16LE(56)];
  let blobSize: number | undefined;
  for (let i = 0; i < count; i += 1) {
    const header = phoff + i * size;
    if (buffer.readUInt32LE(header) !== 4) continue; // PT_NOTE
    const start = Number(buffer.readBigUInt64LE(header + 8));
    const end = start + Number(buffer.readBigUInt64LE(header + 32));
    for (let note = start; note + 12 <= end;) {
      const [nameSize, descSize] = [buffer.readUInt32LE(note), buffer.readUInt32LE(note + 4)];
      const name = buffer.toString('latin1', note + 12, note + 12 + nameSize).replace(/\0+$/, '');
      if (name === BLOB) blobSize = descSize;
      note += 12 + align4(nameSize) + align4(descSize);
    }
  }
  return { format: 'elf', cpu, blobSize };
}

const MACHO_CPUS: Record<number, Cpu> = { 0x01000007: 'x64', 0x0100000c: 'arm64' };

function readMachO(buffer: Buffer): Omit<Executable, 'fuseFlipped'> {
  const cpu = cpuOf(MACHO_CPUS, buffer.readUInt32LE(4));
  let blobSize: number | undefined;
  let blobOffset: number | undefined;
  let minimumMacOs: string | undefined;
  let signed = false;
  for (let i = 0, command = 32; i < buffer.readUInt32LE(16); i += 1) {
    const cmd = buffer.readUInt32LE(command);
    if (cmd === 0x1d) signed = true; // LC_CODE_SIGNATURE
    if (cmd === 0x32 && buffer.readUInt32LE(command + 8) === 1) {
      // LC_BUILD_VERSION for macOS (platform 1): minos is xxxx.yy.zz in nibbles.
      const version = buffer.readUInt32LE(command + 12);
      minimumMacOs = `${version >>> 16}.${(version >> 8) & 0xff}.${version & 0xff}`;
    }
    if (cmd === 0x19 && name16(buffer, command + 8) === 'NODE_SEA') {
      // LC_SEGMENT_64: its section_64 records (80 bytes each) follow its 72 bytes.
      for (let s = 0; s < buffer.readUInt32LE(command + 64); s += 1) {
        const section = command + 72 + s * 80;
        if (name16(buffer, section) !== `__${BLOB}`) continue;
        blobSize = Number(buffer.readBigUInt64LE(section + 40));
        blobOffset = buffer.readUInt32LE(section + 48);
      }
    }
    command += buffer.readUInt32LE(command + 4);
  }
  return { format: 'macho', cpu, blobSize, blobOffset, minimumMacOs, signed };
}

const PE_MACHINES: Record<number, Cpu> = { 0x8664: 'x64', 0xaa64: 'arm64' };

function readPe(buffer: Buffer): Omit<Executable, 'fuseFlipped'> {
  const pe = buffer.readUInt32LE(0x3c);
  if (buffer.readUInt32BE(pe) !== 0x50450000) throw new Error('an MZ file without a PE header');
  const cpu = cpuOf(PE_MACHINES, buffer.readUInt16LE(pe + 4));
  const optional = pe + 24;
  if (buffer.readUInt16LE(optional) !== 0x20b) throw new Error('not a PE32+ file');
  const sectionTable = optional + buffer.readUInt16LE(pe + 20);
  const sections = Array.from({ length: buffer.readUInt16LE(pe + 6) }, (_, i) => {
    const at = sectionTable + i * 40;
    return { rva: buffer.readUInt32LE(at + 12), size: buffer.readUInt32LE(at + 16), raw: buffer.readUInt32LE(at + 20) };
  });
  const offsetOf = (rva: number) => {
    const section = sections.find((s) => rva >= s.rva && rva < s.rva + s.size);
    if (!section) throw new Error(`RVA ${rva} is in no section`);
    return rva - section.rva + section.raw;
  };
  const signed = buffer.readUInt32LE(optional + 112 + 4 * 8 + 4) > 0; // data directory 4: certificates
  const resourceRva = buffer.readUInt32LE(optional + 112 + 2 * 8); // data directory 2: resources
  const resourceSize = buffer.readUInt32LE(optional + 112 + 2 * 8 + 4);
  if (resourceRva === 0) return { format: 'pe', cpu, blobSize: undefined, signed, resourceSize };
  const root = offsetOf(resourceRva);
  const rcdata = directoryEntry(buffer, root, root, (entry) => entry === 10); // RT_RCDATA
  const named = rcdata && directoryEntry(buffer, root, root + rcdata, (entry) => entry === BLOB);
  const language = named && directoryEntry(buffer, root, root + named, () => true);
  const blobSize = language === undefined ? undefined : buffer.readUInt32LE(root + language + 4);
  return { format: 'pe', cpu, blobSize, signed, resourceSize };
}

/**
 * The offset (from the resource root, high bit cleared) that the first entry of a resource directory matching `wanted`
 * points to: an entry is named by its id or, high bit set, by a UTF-16 string at that offset from the root.
 */
function directoryEntry(
  buffer: Buffer,
  root: number,
  directory: number,
  wanted: (entry: number | string) => boolean,
): number | undefined {
  const count = buffer.readUInt16LE(directory + 12) + buffer.readUInt16LE(directory + 14);
  for (let i = 0; i < count; i += 1) {
    const entry = directory + 16 + i * 8;
    const name = buffer.readUInt32LE(entry);
    const at = root + (name & 0x7fffffff);
    const key = name & 0x80000000 ? buffer.toString('utf16le', at + 2, at + 2 + 2 * buffer.readUInt16LE(at)) : name;
    if (wanted(key)) return buffer.readUInt32LE(entry + 4) & 0x7fffffff;
  }
  return undefined;
}

function cpuOf(table: Record<number, Cpu>, value: number): Cpu {
  const cpu = table[value];
  if (!cpu) throw new Error(`an executable for a CPU the tests do not know (machine 0x${value.toString(16)})`);
  return cpu;
}

function name16(buffer: Buffer, at: number): string {
  return buffer.toString('latin1', at, at + 16).replace(/\0+$/, '');
}

function align4(size: number): number {
  return (size + 3) & ~3;
}

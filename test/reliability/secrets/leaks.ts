// Looking for secrets in what commands printed and in files: whole values only (masked forms are allowed).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../../src/emulator/store/sqlite.js';

export interface Shown {
  /** Which run or file, for the failure message. */
  where: string;
  text: string;
}

/** Each (place, secret) pair where a whole secret shows; empty when none does. */
export function leaks(shown: readonly Shown[], secrets: readonly string[]): string[] {
  return shown.flatMap(({ where, text }) =>
    secrets.filter((secret) => text.includes(secret)).map((secret) => `${where} shows ${secret}`),
  );
}

/** Every regular file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** True when the bytes hold `secret` as UTF-8 or as UTF-16 (either byte order). */
export function bytesHold(bytes: Buffer, secret: string): boolean {
  const utf16le = Buffer.from(secret, 'utf16le');
  const utf16be = Buffer.from(utf16le).swap16();
  return [Buffer.from(secret, 'utf8'), utf16le, utf16be].some((needle) => bytes.includes(needle));
}

/** The files of an SQLite database: the file itself and its -wal and -shm companions when present. */
export function databaseFiles(db: string): string[] {
  return [db, `${db}-wal`, `${db}-shm`].filter(existsSync);
}

/** Every authkey and appkey the emulator's database holds (read-only, beside the running emulator). */
export function keysInDatabase(db: string): string[] {
  const handle = openDatabase(db, { readonly: true });
  try {
    const authkeys = handle.prepare('SELECT authkey AS key FROM accounts').all() as { key: string }[];
    const appkeys = handle.prepare('SELECT appkey AS key FROM devices').all() as { key: string }[];
    return [...authkeys, ...appkeys].map((row) => row.key);
  } finally {
    handle.close();
  }
}

/** The text of every file under `dir`, for leak checks. */
export function filesShown(dir: string, label: string): Shown[] {
  return filesUnder(dir).map((path) => ({ where: `${label} ${path}`, text: readFileSync(path).toString('utf8') }));
}

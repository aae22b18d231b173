// Private temp files with no name: created 0600 in a 0700 directory, both removed the moment the file is open, so the
// data lives only as long as this process holds the descriptor and no exit (Ctrl-C, SIGKILL) leaves anything behind.
import { mkdtempSync, openSync, rmdirSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Opens (read and write) a new private temp file whose name is already gone; close the descriptor when done. */
export function openNamelessTemp(name: string): number {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-batch-'));
  const path = join(dir, name);
  const fd = openSync(path, 'w+', 0o600);
  unlinkSync(path);
  rmdirSync(dir);
  return fd;
}

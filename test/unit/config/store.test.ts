// The config file: reads are cached within a command, but every write starts from the file as it is now.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigStore } from '../../../src/config/store.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function configDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-store-'));
  dirs.push(dir);
  return join(dir, 'config');
}

describe('ConfigStore', () => {
  it('reading creates nothing; the first write creates a private file in a private directory', async () => {
    const dir = configDir();
    const store = new ConfigStore(dir);
    expect(store.profile('default')).toEqual({});
    expect(() => statSync(dir)).toThrow();
    await store.updateProfile('default', (p) => ({ ...p, timezone: 'America/Recife' }));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
  });

  it('a write keeps what another process wrote after this one first read the file (pair writes after its wait)', async () => {
    const dir = configDir();
    const waiting = new ConfigStore(dir);
    expect(waiting.profile('default')).toEqual({});
    await new ConfigStore(dir).updateProfile('default', (p) => ({ ...p, timezone: 'America/Recife' }));
    await waiting.updateProfile('default', (p) => ({ ...p, appkey: 'loja' }));
    expect(JSON.parse(readFileSync(waiting.path, 'utf8')).profiles.default).toEqual({
      timezone: 'America/Recife',
      appkey: 'loja',
    });
    expect(waiting.profile('default')).toEqual({ timezone: 'America/Recife', appkey: 'loja' });
  });
});

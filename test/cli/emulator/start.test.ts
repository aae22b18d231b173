// emulator start: user mistakes about --db and --host are usage errors (exit 2); its database is private (0600).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseFailure } from '../../../src/cli/shared/database-failure.js';
import { UsageError } from '../../../src/errors.js';
import { openDatabase } from '../../../src/emulator/store/sqlite.js';
import type { Body } from '../../emulator/e2e/helpers/http.js';
import { emulatorReadyUrl, readyLine } from '../../support/ready-line.js';
import { BIN, Sandbox } from '../support/harness.js';
import { waitFor } from '../../support/wait-for.js';

let box: Sandbox;
let dir: string;
beforeEach(() => {
  box = new Sandbox('http://127.0.0.1:9');
  dir = mkdtempSync(join(tmpdir(), 'chatbot-emulator-start-'));
});
afterEach(() => {
  box.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const start = (...flags: string[]) => box.run(['emulator', 'start', '--port', '0', '-q', ...flags]);

function expectUsage(result: { exitCode: number; stderr: string }, ...parts: string[]): void {
  expect(result.exitCode, result.stderr).toBe(2);
  for (const part of parts) expect(result.stderr).toContain(part);
  expect(result.stderr).not.toContain('please report');
}

describe('emulator start: mistakes are usage errors (exit 2) naming the flag', () => {
  it('--db in a directory that does not exist', async () => {
    const db = join(dir, 'nao-existe', 'x.db');
    expectUsage(await start('--db', db), `--db ${db}`, 'does not exist', 'create it first');
  });

  it('--db naming a file that is not an SQLite database, which is left untouched', async () => {
    const db = join(dir, 'notas.txt');
    const text = 'Lista de compras: arroz, feijão, café. '.repeat(40);
    writeFileSync(db, text);
    expectUsage(await start('--db', db), `--db ${db} is not an SQLite database`);
    expect(readFileSync(db, 'utf8')).toBe(text);
  });

  it('--db naming a directory', async () => {
    expectUsage(await start('--db', dir), `--db ${dir} is a directory`);
  });

  it('--db empty', async () => {
    expectUsage(await start('--db', ' '), '--db must be a file path');
  });

  it('--cors-origin that is not an origin', async () => {
    expectUsage(
      await start('--db', ':memory:', '--cors-origin', 'https://painel.exemplo.com/admin'),
      '--cors-origin https://painel.exemplo.com/admin is not an origin',
    );
    expectUsage(await start('--db', ':memory:', '--cors-origin', 'painel'), 'give scheme, host and port only');
  });

  it('--host that is not an address of this machine (EADDRNOTAVAIL)', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never assigned to a machine, so listening on it always fails locally.
    expectUsage(
      await start('--db', ':memory:', '--host', '192.0.2.1'),
      '--host 192.0.2.1 is not an address of this machine',
    );
  });

  it("the SQLite driver's own missing-directory error is recognised too, whichever driver this Node uses", () => {
    const db = join(dir, 'nao-existe', 'x.db');
    let thrown: unknown;
    try {
      openDatabase(db).close();
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { code?: string }).code).toBe('ENOENT');
    const usage = databaseFailure(thrown, db);
    expect(usage).toBeInstanceOf(UsageError);
    expect(usage?.message).toContain('does not exist');
  });
});

interface Running {
  child: ResultPromise;
  url: string;
}

/**
 * Spawns the built binary's `emulator start` under umask 022 (so files are world-readable unless the CLI says
 * otherwise) and resolves once it says it listens.
 */
async function spawnEmulator(flags: string[]): Promise<Running> {
  const script = 'umask 022 && exec node "$@"';
  const child = execa('/bin/sh', ['-c', script, 'sh', BIN, 'emulator', 'start', '--port', '0', ...flags], {
    env: box.env(),
    extendEnv: false,
    reject: false,
  });
  const url = await emulatorReadyUrl(child);
  return { child, url };
}

async function stop(running: Running): Promise<void> {
  running.child.kill('SIGTERM');
  expect((await running.child).exitCode).toBe(0);
}

const mode = (file: string) => statSync(file).mode & 0o777;

/** Makes the emulator write (so the WAL is in use), then checks the database and its -wal/-shm files are 0600. */
async function expectPrivate(running: Running, db: string): Promise<void> {
  const reset = await fetch(`${running.url}/__emulator/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(reset.status).toBe(200);
  const files = [db, `${db}-wal`, `${db}-shm`];
  const exist = () =>
    files.every((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
  expect(await waitFor(exist, { what: 'the database and its -wal and -shm files' })).toBe(true);
  expect(files.map(mode)).toEqual([0o600, 0o600, 0o600]);
}

describe('emulator start: the database is readable by its owner only (built binary)', () => {
  it('the default database in the data directory', async () => {
    const running = await spawnEmulator([]);
    try {
      const data = join(box.home, '.local', 'share', 'chatbot');
      expect(mode(data)).toBe(0o700);
      await expectPrivate(running, join(data, 'emulator.db'));
    } finally {
      await stop(running);
    }
  });

  it('a new --db file', async () => {
    mkdirSync(join(dir, 'estado'));
    const db = join(dir, 'estado', 'emu.db');
    const running = await spawnEmulator(['--db', db, '-q']);
    try {
      await expectPrivate(running, db);
    } finally {
      await stop(running);
    }
  });
});

describe('emulator start --require-connected, and emulator requests --follow (built binary)', () => {
  it('sends to a device that is not connected fail with 404; --follow prints each request as it comes', async () => {
    const running = await spawnEmulator(['--db', ':memory:', '-q', '--require-connected']);
    const follower = execa('node', [BIN, 'emulator', 'requests', '--follow'], {
      env: box.env({ CHATBOT_BASE_URL: running.url }),
      extendEnv: false,
      reject: false,
    });
    try {
      let seen = '';
      follower.stdout.on('data', (chunk: Buffer) => (seen += chunk.toString()));
      const post = async (path: string, body: Record<string, unknown>) =>
        (
          await fetch(`${running.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json() as Promise<Body>;
      const account = await post('/api/auth', {
        auth: 'registrar',
        nome: 'Ana',
        email: 'ana@exemplo.com.br',
        senha: 'Senha-longa-1',
        telefone: '+5511912345678',
        plano: '1',
      });
      const keys = { authkey: account.data.authkey as string, appkey: 'loja' };
      expect((await post('/api/v2/qrcode', { authkey: keys.authkey, setAppkey: 'loja' })).status).toBe(200);
      const refused = await post('/api/create-message', { ...keys, to: '+5521998765432', message: 'Oi' });
      expect(refused).toEqual({ status: 404, message: 'Nenhum dispositivo conectado encontrado' });
      expect(
        await waitFor(() => / 404 POST \/api\/create-message sendText/.test(seen) && seen, {
          what: 'the refused send in the followed requests',
        }),
      ).toBeTruthy();
      expect(seen).not.toContain(keys.authkey);
    } finally {
      follower.kill('SIGINT');
      expect((await follower).exitCode).toBe(0);
      await stop(running);
    }
  });
});

describe('emulator start: the request log', () => {
  it("names each service request's operation, so an expected miss (pair's checkDevice 404) reads as what it is", async () => {
    const child = spawn(process.execPath, [BIN, 'emulator', 'start', '--port', '0', '--db', ':memory:'], {
      env: box.env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let log = '';
      child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
      const url = await emulatorReadyUrl(child);
      const response = await fetch(`${url}/api/developer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ authkey: 'nao-existe-1234', checkDispositivo: true, message: 'loja' }),
      });
      expect(response.status).toBe(401);
      const line = await waitFor(() => /^POST \/api\/developer .*$/m.exec(log)?.[0], { what: 'the request log line' });
      expect(line).toMatch(/^POST \/api\/developer 401 \d+ms checkDevice$/);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('emulator start: output to a pipe nobody reads', () => {
  it('keeps answering when whoever started it reads the ready line and stops reading (a full pipe queues)', async () => {
    const child = spawn(process.execPath, [BIN, 'emulator', 'start', '--port', '0', '--db', ':memory:'], {
      env: box.env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await emulatorReadyUrl(child);
      child.stdout.pause();
      child.stderr.pause();
      // One request-log line of about 8 KB per request: 150 of them are far more than a pipe holds.
      const path = `/api/${'x'.repeat(8000)}`;
      for (let i = 0; i < 150; i++) {
        const response = await fetch(`${url}${path}`);
        await response.text();
        expect(response.status).toBe(404);
      }
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('emulator start --host beyond loopback (built binary)', () => {
  it('prints the control token once; CHATBOT_EMULATOR_TOKEN at start chooses it', async () => {
    const child = execa('node', [BIN, 'emulator', 'start', '--port', '0', '--db', ':memory:', '--host', '0.0.0.0'], {
      env: box.env({ CHATBOT_EMULATOR_TOKEN: 'escolhido-0123456789abcdef' }),
      extendEnv: false,
      reject: false,
    });
    try {
      const [, port, token] = await readyLine(
        child,
        /Emulator listening on http:\/\/0\.0\.0\.0:(\d+)\n.*CHATBOT_EMULATOR_TOKEN=(\S+)\n/s,
        { what: 'the ready line and the token line' },
      );
      expect(token).toBe('escolhido-0123456789abcdef');
      const base = `http://127.0.0.1:${port ?? ''}`;
      expect((await fetch(`${base}/__emulator/faults`)).status).toBe(401);
      const allowed = await fetch(`${base}/__emulator/faults`, {
        headers: { 'x-emulator-token': 'escolhido-0123456789abcdef' },
      });
      expect(allowed.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      expect((await child).exitCode).toBe(0);
    }
  });
});

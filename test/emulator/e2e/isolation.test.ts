import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountWithDevice,
  checkDevice,
  CONTACT,
  outbox,
  registerAccount,
  sendText,
  startTestEmulator,
  useTestEmulator,
  type Device,
} from './helpers/fixtures.js';
import { expectError, expectOk, postJson } from './helpers/http.js';
import { scratchDir } from './helpers/spawned-emulator.js';

const t = useTestEmulator();
let alice: Device;
let bob: Device;
beforeAll(async () => {
  alice = await accountWithDevice(t.emu.url);
  bob = await accountWithDevice(t.emu.url);
});

const developer = (authkey: string, body: Record<string, unknown>) =>
  postJson(t.emu.url, '/api/developer', { authkey, ...body });

describe('two accounts are isolated', () => {
  it('the device list shows only the caller’s own devices', async () => {
    const body = expectOk(await developer(bob.authkey, { message: false, dispositivos: true }));
    expect(body.dispositivos.map((d: { id: string }) => d.id)).toEqual([bob.id]);
    expect(JSON.stringify(body)).not.toContain(alice.appkey);
    expect(JSON.stringify(body)).not.toContain(alice.authkey);
  });

  it('another account’s device cannot be read by id or by name', async () => {
    expectError(
      await developer(bob.authkey, { message: alice.id, checkDispositivo: true }),
      404,
      'Nenhum dispositivo encontrado.',
    );
    expectError(
      await developer(bob.authkey, { message: alice.nome, checkDispositivo: true }),
      404,
      'Nenhum dispositivo encontrado.',
    );
  });

  it('another account’s device cannot be deleted', async () => {
    expectError(
      await developer(bob.authkey, { message: alice.id, apagarDispositivo: true }),
      404,
      'Nenhum dispositivo encontrado.',
    );
    expectError(
      await developer(bob.authkey, { message: alice.nome, apagarDispositivo: true }),
      404,
      'Nenhum dispositivo encontrado.',
    );
    expect((await checkDevice(t.emu.url, alice.authkey, alice.id)).id).toBe(alice.id);
  });

  it('another account’s device cannot be renamed or used to send', async () => {
    const stolen = { appkey: alice.appkey, authkey: bob.authkey };
    expectError(
      await postJson(t.emu.url, '/api/settings', { ...stolen, message: 'Roubado', altereNome: true }),
      404,
      'Nenhum dispositivo encontrado.',
    );
    expectError(
      await postJson(t.emu.url, '/api/create-message', { ...stolen, to: CONTACT, message: 'roubado' }),
      404,
      'Nenhum dispositivo encontrado.',
    );
    expect((await checkDevice(t.emu.url, alice.authkey, alice.id)).nome).toBe(alice.nome);
    expect(JSON.stringify(await outbox(t.emu.url, alice.appkey))).not.toContain('roubado');
  });

  it('another account’s webhooks cannot be switched through one’s own appkey', async () => {
    const reply = await postJson(t.emu.url, '/api/settings', {
      ...bob.keys,
      type: 'chat',
      message: alice.id,
      statusWebhook: false,
    });
    expectError(reply, 404, 'Nenhum dispositivo encontrado.');
  });

  it('pairing with another account’s appkey as setAppkey: 400 Parâmetros inválidos., that device untouched', async () => {
    const reply = await postJson(t.emu.url, '/api/v2/qrcode', {
      authkey: bob.authkey,
      setAppkey: alice.appkey,
      webhook: 'http://127.0.0.1:9/roubo',
    });
    expectError(reply, 400, 'Parâmetros inválidos.');
    expect(await checkDevice(t.emu.url, alice.authkey, alice.id)).toMatchObject({ conectado: true, webhook: '' });
    expectOk(await sendText(t.emu.url, alice, CONTACT, 'ainda-da-alice'));
  });
});

describe('secrets', () => {
  it('never echoes the password and stores it only hashed', async () => {
    const scratch = scratchDir();
    const db = join(scratch.dir, 'senhas.db');
    const senha = `Segredo-Unico-${Date.now()}`;
    try {
      const fileEmu = await startTestEmulator({ db });
      const account = await registerAccount(fileEmu.url, { senha });
      expect(JSON.stringify(account.data)).not.toContain(senha);
      const listed = await postJson(fileEmu.url, '/api/developer', {
        authkey: account.authkey,
        message: false,
        dispositivos: true,
      });
      expect(JSON.stringify(listed.body)).not.toContain(senha);
      await fileEmu.close();
      const stored = [db, `${db}-wal`].filter(existsSync).map((file) => readFileSync(file));
      expect(stored.length).toBeGreaterThan(0);
      for (const bytes of stored) {
        expect(bytes.includes(Buffer.from(senha, 'utf8'))).toBe(false);
        expect(bytes.includes(Buffer.from(senha, 'utf16le'))).toBe(false);
      }
    } finally {
      scratch.cleanup();
    }
  });
});

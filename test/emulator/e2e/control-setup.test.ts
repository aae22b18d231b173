// POST /__emulator/setup: an account with a chosen authkey and a connected device with a chosen appkey and webhook,
// made once and re-used after, so that a bot configured with those keys beforehand can answer through the service.
import { describe, expect, it } from 'vitest';
import { accountWithDevice, checkDevice, CONTACT, outbox, useTestEmulator } from './helpers/fixtures.js';
import { expectError, expectOk, postJson } from './helpers/http.js';

const t = useTestEmulator();
let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${(counter += 1)}`;

describe('control setup', () => {
  it('makes the account and a connected device with the keys given, whose sends then work', async () => {
    const authkey = unique('chave-do-bot');
    const appkey = unique('menu-bot');
    const reply = expectOk(
      await postJson(t.emu.url, '/__emulator/setup', { authkey, appkey, webhook: 'http://127.0.0.1:9/hook' }),
    );
    expect(reply).toMatchObject({
      status: 200,
      message: 'Conta e dispositivo prontos.',
      authkey,
      appkey,
      nome: appkey,
    });
    expect(reply.id).toMatch(/^dev_[0-9a-f]{16}$/);
    const device = await checkDevice(t.emu.url, authkey, appkey);
    expect(device).toMatchObject({ id: reply.id, conectado: true, webhook: 'http://127.0.0.1:9/hook' });
    expectOk(await postJson(t.emu.url, '/api/create-message', { authkey, appkey, to: CONTACT, message: 'Olá do bot' }));
    expect((await outbox(t.emu.url, appkey)).map((m) => m.content.message)).toEqual(['Olá do bot']);
  });

  it('re-uses the account and the device when asked again, pointing the webhook elsewhere', async () => {
    const keys = { authkey: unique('chave'), appkey: unique('loja') };
    const first = expectOk(
      await postJson(t.emu.url, '/__emulator/setup', { ...keys, webhook: 'http://127.0.0.1:9/a' }),
    );
    const again = expectOk(
      await postJson(t.emu.url, '/__emulator/setup', { ...keys, webhook: 'http://127.0.0.1:9/b' }),
    );
    expect(again.id).toBe(first.id);
    expect(await checkDevice(t.emu.url, keys.authkey, keys.appkey)).toMatchObject({ webhook: 'http://127.0.0.1:9/b' });
    const kept = expectOk(await postJson(t.emu.url, '/__emulator/setup', keys));
    expect(kept.id).toBe(first.id);
    expect(await checkDevice(t.emu.url, keys.authkey, keys.appkey)).toMatchObject({ webhook: 'http://127.0.0.1:9/b' });
  });

  it('without keys: a random 40-hex authkey and a random appkey; conectado false leaves the device not connected', async () => {
    const reply = expectOk(await postJson(t.emu.url, '/__emulator/setup', { conectado: false }));
    expect(reply.authkey).toMatch(/^[0-9a-f]{40}$/);
    expect(reply.appkey).toMatch(/^[0-9a-f]{32}$/);
    expect(await checkDevice(t.emu.url, reply.authkey, reply.id)).toMatchObject({ conectado: false });
  });

  it("refuses another account's device (409) and malformed fields (400 naming the field)", async () => {
    const other = await accountWithDevice(t.emu.url);
    expectError(
      await postJson(t.emu.url, '/__emulator/setup', { authkey: unique('intrusa'), appkey: other.appkey }),
      409,
      'O dispositivo pertence a outra conta.',
    );
    const bad = { authkey: 'tem espaço', appkey: ' borda', webhook: 'ftp://x', conectado: 'talvez' };
    for (const [field, value] of Object.entries(bad)) {
      expectError(
        await postJson(t.emu.url, '/__emulator/setup', { [field]: value }),
        400,
        `Campo obrigatório ausente ou inválido: ${field}.`,
      );
    }
  });
});

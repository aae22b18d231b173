// /api/developer's connecting operations (conecteQR, desconectar, criarApp, GerenciarLinks), replayed as the public
// clients encode them (docs/emulator.md).
import { describe, expect, it } from 'vitest';
import {
  CONTACT,
  checkDevice,
  connectDevice,
  outbox,
  registerAccount,
  useEmulatorWithDevice,
} from './helpers/fixtures.js';
import { expectError, expectOk, postForm, postJson, postMultipart } from './helpers/http.js';

const t = useEmulatorWithDevice({ receiver: true });

describe('/api/developer: connecting devices, and apps', () => {
  it('conecteQR (multipart, "1") creates the device, answers message {qr, id}, and a fresh QR for the same device', async () => {
    const account = await registerAccount(t.emu.url);
    const first = expectOk(
      await postMultipart(t.emu.url, '/api/developer', {
        authkey: account.authkey,
        message: 'loja-qr',
        conecteQR: '1',
      }),
    );
    expect(first.message.qr).toMatch(/^data:image\/png;base64,/);
    expect((await checkDevice(t.emu.url, account.authkey, 'loja-qr')).id).toBe(first.message.id);
    const second = expectOk(
      await postForm(t.emu.url, '/api/developer', { authkey: account.authkey, message: 'loja-qr', conecteQR: 'true' }),
    );
    expect(second.message.id).toBe(first.message.id);
    expect(second.message.qr).not.toBe(first.message.qr);
    await connectDevice(t.emu.url, 'loja-qr');
    expectError(
      await postJson(t.emu.url, '/api/developer', { authkey: account.authkey, message: 'loja-qr', conecteQR: true }),
      409,
      'Dispositivo já conectado.',
    );
  });

  it('desconectar leaves the device, not connected', async () => {
    const account = await registerAccount(t.emu.url);
    const id = expectOk(
      await postJson(t.emu.url, '/api/developer', { authkey: account.authkey, message: 'loja-d', conecteQR: true }),
    ).message.id;
    await connectDevice(t.emu.url, 'loja-d');
    expect(
      expectOk(
        await postMultipart(t.emu.url, '/api/developer', {
          authkey: account.authkey,
          message: 'loja-d',
          desconectar: '1',
        }),
      ).message,
    ).toBe('Dispositivo desconectado com sucesso.');
    expect(await checkDevice(t.emu.url, account.authkey, id)).toMatchObject({ id, conectado: false });
    expectError(
      await postJson(t.emu.url, '/api/developer', {
        authkey: account.authkey,
        message: 'nao-existe',
        desconectar: true,
      }),
      404,
      'Nenhum dispositivo encontrado.',
    );
  });

  it('criarApp makes a second appkey bound to the same device; both send', async () => {
    const body = expectOk(
      await postForm(t.emu.url, '/api/developer', { authkey: t.device.authkey, message: 'ERP', criarApp: t.device.id }),
    );
    expect(body.appkey).toMatch(/^[0-9a-f]{32}$/);
    expect(body.appkey).not.toBe(t.device.appkey);
    for (const appkey of [t.device.appkey, body.appkey]) {
      expectOk(
        await postJson(t.emu.url, '/api/create-message', {
          appkey,
          authkey: t.device.authkey,
          to: CONTACT,
          message: `via ${appkey.slice(0, 4)}`,
        }),
      );
    }
    const texts = (await outbox(t.emu.url, t.device.appkey)).map((m) => m.content.message);
    expect(texts).toEqual(
      expect.arrayContaining([`via ${t.device.appkey.slice(0, 4)}`, `via ${body.appkey.slice(0, 4)}`]),
    );
  });

  it('GerenciarLinks=conectar answers a link the emulator serves, showing the QR page', async () => {
    const account = await registerAccount(t.emu.url);
    expectOk(
      await postJson(t.emu.url, '/api/developer', { authkey: account.authkey, message: 'loja-link', conecteQR: true }),
    );
    const body = expectOk(
      await postJson(t.emu.url, '/api/developer', {
        authkey: account.authkey,
        appkey: 'loja-link',
        message: 'loja-link',
        GerenciarLinks: 'conectar',
      }),
    );
    expect(body.message).toBe(body.link);
    expect(body.link.startsWith(`${t.emu.url}/conectar/`)).toBe(true);
    const page = await fetch(body.link);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toMatch(/<img alt="QR Code" src="data:image\/png;base64,/);
    await connectDevice(t.emu.url, 'loja-link');
    expect(await (await fetch(body.link)).text()).toContain('Dispositivo conectado.');
    expect((await fetch(`${t.emu.url}/conectar/desconhecido`)).status).toBe(404);
  });
});

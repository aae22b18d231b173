// /api/settings' operations on the device's "about" text and its contacts (editeStatus, obterImagem, checkDevice,
// deleteConversaFluxo), replayed as the public clients encode them (docs/emulator.md).
import { describe, expect, it } from 'vitest';
import { CONTACT, useEmulatorWithDevice } from './helpers/fixtures.js';
import { expectOk, postForm, postJson, postMultipart } from './helpers/http.js';

const t = useEmulatorWithDevice({ receiver: true });
const withKeys = (path: string) => `${path}?${new URLSearchParams(t.device.keys).toString()}`;

describe('/api/settings: about text, pictures, numbers, conversations', () => {
  it('editeStatus (multipart, "1") changes the about text', async () => {
    const body = expectOk(
      await postMultipart(t.emu.url, '/api/settings', {
        ...t.device.keys,
        message: 'Atendimento 8h-18h',
        editeStatus: '1',
      }),
    );
    expect(body).toEqual({ status: 200, message: 'Recado atualizado com sucesso!' });
  });

  it('obterImagem answers a picture URL the emulator serves', async () => {
    const body = expectOk(
      await postForm(t.emu.url, '/api/settings', {
        ...t.device.keys,
        message: 'false',
        to: CONTACT,
        obterImagem: 'true',
      }),
    );
    expect(body.imagem).toBe(`${t.emu.url}/foto/5521998765432.svg`);
    const picture = await fetch(body.imagem);
    expect(picture.headers.get('content-type')).toBe('image/svg+xml');
    expect(await picture.text()).toContain('<svg');
  });

  it('checkDevice answers message.jid for a number on the network, jid null for one that is not', async () => {
    const on = expectOk(await postJson(t.emu.url, withKeys('/api/settings'), { message: false, checkDevice: CONTACT }));
    expect(on.message).toEqual({ exists: true, jid: '5521998765432@s.whatsapp.net' });
    const off = expectOk(
      await postJson(t.emu.url, withKeys('/api/settings'), { message: false, checkDevice: '5521990000000' }),
    );
    expect(off.message).toEqual({ exists: false, jid: null });
  });

  it('deleteConversaFluxo forgets what the contact wrote (userStatus turns offline), and todos works', async () => {
    expectOk(
      await postJson(t.emu.url, '/__emulator/inbound', {
        appkey: t.device.appkey,
        evento: 'text',
        de: CONTACT,
        mensagem: 'Oi',
      }),
    );
    const status = () =>
      postJson(t.emu.url, '/api/settings', { ...t.device.keys, to: CONTACT, message: false, obterStatus: true });
    expect(expectOk(await status()).userStatus).toBe('online');
    const body = expectOk(
      await postForm(t.emu.url, '/api/settings', {
        ...t.device.keys,
        message: 'false',
        to: CONTACT,
        deleteConversaFluxo: '1',
      }),
    );
    expect(body).toEqual({ status: 200, message: 'Conversa deletada com sucesso.' });
    expect(expectOk(await status()).userStatus).toBe('offline');
    expectOk(
      await postJson(t.emu.url, '/api/settings', {
        ...t.device.keys,
        message: false,
        to: 'todos',
        deleteConversaFluxo: true,
      }),
    );
  });
});

// What conversation tests make a contact do beyond texts, clicks and votes: send a file, reply quoting a message; and
// templates with the id a bot is configured with.
import { describe, expect, it } from 'vitest';
import { CONTACT, outbox, sendText, useEmulatorWithDevice } from './helpers/fixtures.js';
import { expectError, expectOk, postJson } from './helpers/http.js';

const t = useEmulatorWithDevice({ receiver: true });

const inbound = (body: Record<string, unknown>) =>
  postJson(t.emu.url, '/__emulator/inbound', { appkey: t.device.appkey, de: CONTACT, ...body });

describe('inbound media', () => {
  it('a contact sends a file: a media event with caption, type from the name, name from the URL', async () => {
    const id = expectOk(
      await inbound({ evento: 'media', url: 'https://exemplo.com/docs/Comprovante%20PIX.pdf', mensagem: 'Segue' }),
    ).idMessagem;
    const event = await t.receiver.waitForEvent((e) => e.idMessagem === id);
    expect(event).toMatchObject({
      evento: 'media',
      tipo: 'Chat',
      mensagem: 'Segue',
      tipoMidia: 'document',
      nomeArquivo: 'Comprovante PIX.pdf',
      url: 'https://exemplo.com/docs/Comprovante%20PIX.pdf',
    });
  });

  it('takes a given name and type; a caption is optional', async () => {
    const id = expectOk(
      await inbound({ evento: 'media', url: 'https://exemplo.com/a', nomeArquivo: 'foto.jpg', tipoMidia: 'image' }),
    ).idMessagem;
    expect(await t.receiver.waitForEvent((e) => e.idMessagem === id)).toMatchObject({
      mensagem: '',
      tipoMidia: 'image',
      nomeArquivo: 'foto.jpg',
    });
  });

  it('refuses a missing or non-http URL and an unknown type (400 naming the field)', async () => {
    expectError(await inbound({ evento: 'media' }), 400, 'Campo obrigatório ausente ou inválido: url.');
    expectError(
      await inbound({ evento: 'media', url: 'ftp://x/y.pdf' }),
      400,
      'Campo obrigatório ausente ou inválido: url.',
    );
    expectError(
      await inbound({ evento: 'media', url: 'https://x/y.pdf', tipoMidia: 'sticker' }),
      400,
      'Campo obrigatório ausente ou inválido: tipoMidia.',
    );
  });
});

describe('inbound text quoting a message', () => {
  it("quotes the device's message or the contact's own, with its text", async () => {
    const sent = expectOk(await sendText(t.emu.url, t.device, CONTACT, 'Confirma o pedido?')).data.idMensagem;
    const reply = expectOk(await inbound({ evento: 'text', mensagem: 'Sim', idMensagem: sent })).idMessagem;
    expect(await t.receiver.waitForEvent((e) => e.idMessagem === reply)).toMatchObject({
      evento: 'text',
      mensagem: 'Sim',
      idMensagemCitada: sent,
      mensagemCitada: 'Confirma o pedido?',
    });
    const own = expectOk(await inbound({ evento: 'text', mensagem: 'Quero pizza' })).idMessagem;
    const again = expectOk(await inbound({ evento: 'text', mensagem: 'de calabresa', idMensagem: own })).idMessagem;
    expect(await t.receiver.waitForEvent((e) => e.idMessagem === again)).toMatchObject({
      idMensagemCitada: own,
      mensagemCitada: 'Quero pizza',
    });
  });

  it('an unknown quoted message is 404', async () => {
    expectError(
      await inbound({ evento: 'text', mensagem: 'x', idMensagem: '3EB0FFFFFFFFFFFFFFFF' }),
      404,
      'Mensagem não encontrada.',
    );
  });
});

describe('templates with a chosen id', () => {
  const template = (body: Record<string, unknown>) =>
    postJson(t.emu.url, '/__emulator/templates', { authkey: t.device.authkey, ...body });

  it('keeps the id given, and replaces the text when made again', async () => {
    expect(expectOk(await template({ id: 'boas-vindas', texto: 'Olá {{nome}}' })).template_id).toBe('boas-vindas');
    expectOk(await template({ id: 'boas-vindas', texto: 'Oi {{nome}}!', botoes: ['Menu'] }));
    const sent = expectOk(
      await postJson(t.emu.url, '/api/create-message', {
        ...t.device.keys,
        to: CONTACT,
        template_id: 'boas-vindas',
        variables: { nome: 'Ana' },
      }),
    ).data.idMensagem;
    const entry = (await outbox(t.emu.url, t.device.appkey)).find((m) => m.id === sent);
    expect(entry?.content).toMatchObject({ message: 'Oi Ana!', botoes: [{ id: '1', texto: 'Menu' }] });
  });

  it("refuses a malformed id (400) and another account's id (409)", async () => {
    expectError(await template({ id: 'com espaço', texto: 'x' }), 400, 'Campo obrigatório ausente ou inválido: id.');
    expectOk(await template({ id: 'so-meu', texto: 'x' }));
    const other = expectOk(await postJson(t.emu.url, '/__emulator/setup', {}));
    expectError(
      await postJson(t.emu.url, '/__emulator/templates', { authkey: other.authkey, id: 'so-meu', texto: 'y' }),
      409,
      'Template de outra conta.',
    );
  });
});

// POST /__emulator/inbound clicks: a click answers only a message sent to the chat it comes from, and without
// `idMensagem` the latest message sent to that chat with that button (buttons, a carousel's quick replies, a template).
import { describe, expect, it } from 'vitest';
import { CONTACT, createGroup, useEmulatorWithDevice } from './helpers/fixtures.js';
import { expectError, expectOk, postJson, type Body } from './helpers/http.js';

const t = useEmulatorWithDevice({ receiver: true });
const OTHER = '5531987654321';

async function sent(to: string, body: Body): Promise<string> {
  const answer = expectOk(await postJson(t.emu.url, '/api/create-message', { ...t.device.keys, to, ...body }));
  return answer.data.idMensagem as string;
}

const buttons = (to: string, message: string, ...texts: string[]) =>
  sent(to, { message, buttons: texts.map((text) => ({ type: 'replyButton', displaytext: text })) });

const click = (fields: Body) =>
  postJson(t.emu.url, '/__emulator/inbound', { appkey: t.device.appkey, evento: 'button', de: CONTACT, ...fields });

async function clicked(fields: Body): Promise<Body> {
  const id = expectOk(await click(fields)).idMessagem as string;
  return t.receiver.waitForEvent((e) => e.idMessagem === id);
}

describe('a click without idMensagem', () => {
  it('answers the latest message sent to that contact that has the button, by text or by id', async () => {
    await buttons(CONTACT, 'Primeira?', 'Sim', 'Não');
    const latest = await buttons(CONTACT, 'Segunda?', 'Sim', 'Não');
    await buttons(CONTACT, 'Outra', 'Talvez');
    await buttons(OTHER, 'Para outro?', 'Sim');
    expect(await clicked({ opcao: 'Sim' })).toMatchObject({ idMensagemOriginal: latest, opcao: { texto: 'Sim' } });
    const card = { image_url: 'https://example.com/a.jpg', title: 'Pizza', description: 'Grande', subtitle: 'G' };
    const carousel = await sent(CONTACT, {
      message: 'Ofertas',
      cards: [{ ...card, buttons: [{ type: 'quickReplyButton', displaytext: 'Quero', id: 'pizza' }] }],
    });
    expect(await clicked({ opcao: 'pizza' })).toMatchObject({ idMensagemOriginal: carousel, opcao: { id: 'pizza' } });
  });

  it('in a group, answers the latest message sent to the group', async () => {
    const group = await createGroup(t.emu.url, t.device.appkey);
    await buttons(CONTACT, 'Só para a Ana', 'Sim');
    const inGroup = await buttons(group.id, 'Para o grupo', 'Sim');
    expect(await clicked({ grupo: group.id, opcao: 'Sim' })).toMatchObject({ idMensagemOriginal: inGroup });
  });

  it('is 404 naming the chat and the button when no message sent there has it; 400 without opcao', async () => {
    const none = await click({ opcao: 'Inexistente' });
    expectError(none, 404);
    expect(none.body.message).toContain('Nenhuma mensagem enviada a 5521998765432 tem o botão "Inexistente"');
    expectError(await click({}), 400, 'Campo obrigatório ausente ou inválido: opcao.');
  });
});

describe('a click naming a message', () => {
  it('sent to another chat is refused with 400, naming the message, where it went and who clicked', async () => {
    const elsewhere = await buttons(OTHER, 'Só para o outro', 'Sim');
    const reply = await click({ idMensagem: elsewhere, opcao: 'Sim' });
    expectError(reply, 400);
    expect(reply.body.message).toContain(`A mensagem ${elsewhere} foi enviada a ${OTHER}, não a 5521998765432`);
    expect(t.receiver.events((e) => e.idMensagemOriginal === elsewhere)).toEqual([]);
  });

  it('sent to that contact is answered, as before', async () => {
    const own = await buttons(CONTACT, 'Para a Ana', 'Sim');
    expect(await clicked({ idMensagem: own, opcao: 'Sim' })).toMatchObject({
      idMensagemOriginal: own,
      mensagem: 'Sim',
    });
  });
});

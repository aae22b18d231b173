import { describe, expect, it } from 'vitest';
import {
  CONTACT,
  createGroup,
  createTemplate,
  DEVICE_PHONE,
  sendText,
  useEmulatorWithDevice,
} from './helpers/fixtures.js';
import { expectEventEnvelope } from './helpers/events.js';
import { expectError, expectOk, postJson, show, type Reply } from './helpers/http.js';

const t = useEmulatorWithDevice({ receiver: true, device: { phone: DEVICE_PHONE } });

const DEVICE_DIGITS = '5511987654321';
const CONTACT_DIGITS = '5521998765432';
const createMessage = (body: Record<string, unknown>) =>
  postJson(t.emu.url, '/api/create-message', { ...t.device.keys, to: CONTACT, ...body });
const inbound = (body: Record<string, unknown>) =>
  postJson(t.emu.url, '/__emulator/inbound', { appkey: t.device.appkey, de: CONTACT, ...body });
const sentId = async (reply: Promise<Reply>) => expectOk(await reply).data.idMensagem as string;

describe('Text events', () => {
  it('sendText emits a text event of tipo Me, from the device to the contact, under the message id', async () => {
    const id = await sentId(sendText(t.emu.url, t.device, CONTACT, 'texto-enviado'));
    const event = await t.receiver.waitForEvent((e) => e.mensagem === 'texto-enviado');
    expectEventEnvelope(event, t.device, 'text', 'Me');
    expect(event).toMatchObject({
      remetente: DEVICE_DIGITS,
      destinatario: CONTACT_DIGITS,
      idMessagem: id,
      chat: CONTACT_DIGITS,
      isGrupo: false,
      nome: t.device.nome,
    });
  });

  it('a text to a group is a group event', async () => {
    const group = await createGroup(t.emu.url, t.device.appkey);
    expectOk(await sendText(t.emu.url, t.device, group.id, 'texto-grupo'));
    const event = await t.receiver.waitForEvent((e) => e.mensagem === 'texto-grupo');
    expect(event).toMatchObject({ destinatario: group.id, chat: group.id, isGrupo: true });
  });

  it('an incoming text emits a text event of tipo Chat from the contact, with the contact name', async () => {
    const reply = expectOk(await inbound({ evento: 'text', mensagem: 'texto-recebido', nome: 'Carla' }));
    expect(reply.message).toBe('Evento recebido.');
    const event = await t.receiver.waitForEvent((e) => e.mensagem === 'texto-recebido');
    expectEventEnvelope(event, t.device, 'text', 'Chat');
    expect(event).toMatchObject({
      remetente: CONTACT_DIGITS,
      destinatario: DEVICE_DIGITS,
      nome: 'Carla',
      idMessagem: reply.idMessagem,
    });
  });

  it('is posted as JSON with the documented headers', async () => {
    expectOk(await sendText(t.emu.url, t.device, CONTACT, 'texto-json'));
    await t.receiver.waitForEvent((e) => e.mensagem === 'texto-json');
    const delivery = t.receiver.deliveries.find((d) => d.body?.mensagem === 'texto-json');
    expect(delivery?.headers['content-type']).toMatch(/^application\/json/);
    expect(delivery?.headers['user-agent']).toBe('chatbot-emulator');
    expect(delivery?.headers['x-emulator-attempt']).toBe('1');
    expect(delivery?.headers['x-emulator-delivery']).toBeTruthy();
  });
});

describe('Location events', () => {
  it('sendLocation emits a location event with numeric coordinates and a map link', async () => {
    const id = await sentId(createMessage({ message: 'loc-enviada', latitude: '-23.5505', longitude: '-46.6333' }));
    const event = await t.receiver.waitForEvent((e) => e.evento === 'location' && e.idMessagem === id);
    expectEventEnvelope(event, t.device, 'location', 'Me');
    expect(event).toMatchObject({
      latitude: -23.5505,
      longitude: -46.6333,
      mapa: 'https://www.google.com/maps?q=-23.5505,-46.6333',
    });
  });

  it('an incoming location emits a location event of tipo Chat', async () => {
    expectOk(await inbound({ evento: 'location', latitude: '-8.0476', longitude: '-34.877' }));
    const event = await t.receiver.waitForEvent((e) => e.evento === 'location' && e.latitude === -8.0476);
    expectEventEnvelope(event, t.device, 'location', 'Chat');
    expect(event).toMatchObject({
      longitude: -34.877,
      mapa: 'https://www.google.com/maps?q=-8.0476,-34.877',
      remetente: CONTACT_DIGITS,
    });
  });
});

describe('Reaction events', () => {
  it('sendReaction emits a reaction event with the emoji and the id of the message reacted to', async () => {
    const target = await sentId(sendText(t.emu.url, t.device, CONTACT, 'alvo-da-reacao'));
    expectOk(await createMessage({ message: '🔥', id: target, reactionMessage: true }));
    const event = await t.receiver.waitForEvent((e) => e.evento === 'reaction' && e.idMensagemOriginal === target);
    expectEventEnvelope(event, t.device, 'reaction', 'Me');
    expect(event).toMatchObject({ emoji: '🔥', removida: false });
  });

  it('removing a reaction emits a reaction event with an empty emoji and removida', async () => {
    const target = await sentId(sendText(t.emu.url, t.device, CONTACT, 'alvo-da-remocao'));
    expectOk(await createMessage({ message: 'remove', id: target, reactionMessage: true }));
    const event = await t.receiver.waitForEvent((e) => e.evento === 'reaction' && e.idMensagemOriginal === target);
    expect(event).toMatchObject({ emoji: '', removida: true });
  });

  it('an incoming reaction emits a reaction event of tipo Chat', async () => {
    const target = await sentId(sendText(t.emu.url, t.device, CONTACT, 'alvo-da-reacao-recebida'));
    expectOk(await inbound({ evento: 'reaction', idMensagem: target, emoji: '😂' }));
    const event = await t.receiver.waitForEvent((e) => e.evento === 'reaction' && e.idMensagemOriginal === target);
    expectEventEnvelope(event, t.device, 'reaction', 'Chat');
    expect(event.emoji).toBe('😂');
  });
});

describe('Button / List events', () => {
  const click = (idMensagem: string, opcao: unknown) => inbound({ evento: 'button', idMensagem, opcao });
  const clickEvent = (clicked: string) =>
    t.receiver.waitForEvent((e) => e.evento === 'button' && e.idMensagemOriginal === clicked);

  it('a click on a carousel quickReplyButton carries opcao {id, texto}, the button text and the clicked message id', async () => {
    const cards = [{ title: 'T', buttons: [{ type: 'quickReplyButton', displaytext: 'Quero este', id: 'quero-1' }] }];
    const clicked = await sentId(createMessage({ message: 'carrossel-clicavel', cards }));
    expectOk(await click(clicked, 'quero-1'));
    const event = await clickEvent(clicked);
    expectEventEnvelope(event, t.device, 'button', 'Chat');
    expect(event).toMatchObject({ opcao: { id: 'quero-1', texto: 'Quero este' }, mensagem: 'Quero este' });
  });

  it('a click on a sendButtons replyButton by its text; ids default to positions', async () => {
    const buttons = [
      { type: 'replyButton', displaytext: 'Sim, confirmo' },
      { type: 'replyButton', displaytext: 'Não' },
    ];
    const clicked = await sentId(createMessage({ message: 'botoes-clicaveis', buttons }));
    expectOk(await click(clicked, 'Não'));
    expect((await clickEvent(clicked)).opcao).toEqual({ id: '2', texto: 'Não' });
  });

  it('a click on a template button emits a button event', async () => {
    const templateId = await createTemplate(t.emu.url, t.device.authkey, 'Confirma {{dia}}?');
    const withButtons = await postJson(t.emu.url, '/__emulator/templates', {
      authkey: t.device.authkey,
      texto: 'Pedido {{n}}',
      botoes: ['Confirmar', { id: 'nao', texto: 'Cancelar' }],
    });
    expect(withButtons.status).toBe(200);
    expect(templateId).not.toBe(withButtons.body.template_id);
    const clicked = await sentId(createMessage({ template_id: withButtons.body.template_id, variables: { n: '7' } }));
    expectOk(await click(clicked, { id: 'nao' }));
    expect((await clickEvent(clicked)).opcao).toEqual({ id: 'nao', texto: 'Cancelar' });
  });

  it('a click on a button the message does not have: 400 naming the valid ones', async () => {
    const buttons = [
      { type: 'replyButton', displaytext: 'Azul' },
      { type: 'replyButton', displaytext: 'Verde' },
    ];
    const clicked = await sentId(createMessage({ message: 'botoes-validados', buttons }));
    expectNaming(await click(clicked, 'Roxo'), ['Azul', 'Verde']);
  });

  it('a click on a message without reply buttons is a 400', async () => {
    const plain = await sentId(sendText(t.emu.url, t.device, CONTACT, 'sem-botoes'));
    expectError(await click(plain, 'Sim'), 400);
  });

  it('a click on an unknown message: 404 Mensagem não encontrada.', async () => {
    expectError(await click('3EB00000000000000000', 'Sim'), 404, 'Mensagem não encontrada.');
  });
});

describe('Poll Vote events', () => {
  const sendPoll = (question: string, opcoes: string[], multiplaEscolha = false) =>
    sentId(createMessage({ message: question, opcoes, multiplaEscolha }));
  const vote = (idMensagem: string, opcoes: unknown) => inbound({ evento: 'poll_vote', idMensagem, opcoes });

  it('a vote emits a poll_vote event with the poll id, its question and the chosen option names', async () => {
    const pollId = await sendPoll('Qual fruta?', ['Manga', 'Caju', 'Açaí']);
    expectOk(await vote(pollId, ['Caju']));
    const event = await t.receiver.waitForEvent((e) => e.evento === 'poll_vote' && e.idEnquete === pollId);
    expectEventEnvelope(event, t.device, 'poll_vote', 'Chat');
    expect(event).toMatchObject({ pergunta: 'Qual fruta?', opcoes: ['Caju'], idMensagemOriginal: pollId });
  });

  it('a multiple-choice poll takes several options in one vote', async () => {
    const pollId = await sendPoll('Quais dias?', ['Seg', 'Ter', 'Qua'], true);
    expectOk(await vote(pollId, ['Seg', 'Qua']));
    const event = await t.receiver.waitForEvent((e) => e.evento === 'poll_vote' && e.idEnquete === pollId);
    expect([...event.opcoes].sort()).toEqual(['Qua', 'Seg']);
  });

  it.each([
    ['an option the poll does not have', ['Roxo']],
    ['no option', []],
  ])('%s: 400 naming the valid ones', async (_label, opcoes) => {
    const pollId = await sendPoll('Cor?', ['Azul', 'Verde']);
    expectNaming(await vote(pollId, opcoes), ['Azul', 'Verde']);
  });

  it('several options on a single-choice poll: 400 naming the valid ones', async () => {
    const pollId = await sendPoll('Tamanho?', ['P', 'M', 'G']);
    expectNaming(await vote(pollId, ['P', 'M']), ['P', 'M', 'G']);
  });

  it('a vote on something that is not a poll is a 400', async () => {
    const plain = await sentId(sendText(t.emu.url, t.device, CONTACT, 'nao-enquete'));
    expectError(await vote(plain, ['A']), 400);
  });
});

describe('sends that emit nothing until a contact answers', () => {
  it('postStory, sendCarousel, sendButtons, sendPoll and sendTemplate queue no event', async () => {
    const templateId = await createTemplate(t.emu.url, t.device.authkey, 'silencio {{x}}');
    const ids = [
      expectOk(await createMessage({ story: true, message: 'silencio-status' })).data.id,
      await sentId(
        createMessage({
          message: 'silencio-cards',
          cards: [{ title: 'T', buttons: [{ type: 'quickReplyButton', displaytext: 'Ok', id: 'ok' }] }],
        }),
      ),
      await sentId(
        createMessage({ message: 'silencio-botoes', buttons: [{ type: 'replyButton', displaytext: 'Ok' }] }),
      ),
      await sentId(createMessage({ message: 'silencio-enquete', opcoes: ['A', 'B'] })),
      await sentId(createMessage({ template_id: templateId, variables: { x: '1' } })),
    ];
    expectOk(await sendText(t.emu.url, t.device, CONTACT, 'marcador-depois-do-silencio'));
    await t.receiver.waitForEvent((e) => e.mensagem === 'marcador-depois-do-silencio');
    expect(t.receiver.events((e) => ids.includes(e.idMessagem) || ids.includes(e.idMensagemOriginal))).toHaveLength(0);
  });
});

function expectNaming(reply: Reply, valid: string[]): void {
  expect(reply.status, show(reply.body)).toBe(400);
  for (const option of valid) expect(reply.body.message, show(reply.body)).toContain(option);
}

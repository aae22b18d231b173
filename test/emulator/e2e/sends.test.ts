import { describe, expect, it } from 'vitest';
import { wallClock, wallClockDistance } from './helpers/clock.js';
import {
  addDevice,
  CONTACT,
  CONTACT_PLAIN,
  createGroup,
  outbox,
  sendText,
  sentWithText,
  useEmulatorWithDevice,
} from './helpers/fixtures.js';
import { expectError, expectOk, postJson, type Body } from './helpers/http.js';

const t = useEmulatorWithDevice();

const createMessage = (body: Record<string, unknown>, keys = t.device.keys) =>
  postJson(t.emu.url, '/api/create-message', { ...keys, ...body });

/** Checks the documented send reply (data.idMensagem, data.dataEnvio now in the zone) and returns the outbox entry. */
async function expectSent(
  reply: Awaited<ReturnType<typeof createMessage>>,
  message: string,
  kind: string,
): Promise<Body> {
  const body = expectOk(reply);
  expect(body.message).toBe(message);
  expect(body.data.idMensagem).toMatch(/^3EB0[0-9A-F]{16}$/);
  expect(wallClockDistance(body.data.dataEnvio, wallClock(new Date(), 'America/Sao_Paulo'))).toBeLessThan(5000);
  const entry = (await outbox(t.emu.url, t.device.appkey)).find((m) => m.id === body.data.idMensagem);
  expect(entry, 'in the outbox under data.idMensagem').toBeDefined();
  expect(entry!.kind).toBe(kind);
  return entry!;
}

describe('sendText', () => {
  it('answers Mensagem enviada com sucesso. and the text goes out at once', async () => {
    const entry = await expectSent(
      await sendText(t.emu.url, t.device, CONTACT, 'Olá, tudo bem?'),
      'Mensagem enviada com sucesso.',
      'text',
    );
    expect(entry).toMatchObject({ to: '5521998765432', content: { message: 'Olá, tudo bem?' } });
  });

  it.each([
    ['international number with +', CONTACT, '5521998765432'],
    ['international number without +', CONTACT_PLAIN, '5531987654321'],
    ['formatted number', '+55 (81) 98976-9960', '5581989769960'],
    ['JID of a contact', '5581989769960@s.whatsapp.net', '5581989769960'],
    ['group ID not created through the control API', '120363123456789012@g.us', '120363123456789012@g.us'],
  ])('accepts a %s in to and stores it as %s', async (_label, to, stored) => {
    const text = `para ${to}`;
    expectOk(await sendText(t.emu.url, t.device, to, text));
    const [entry] = await sentWithText(t.emu.url, t.device.appkey, text);
    expect(entry?.to).toBe(stored);
  });

  it('accepts a group created through the control API', async () => {
    const group = await createGroup(t.emu.url, t.device.appkey);
    expectOk(await sendText(t.emu.url, t.device, group.id, 'olá grupo'));
    expect((await sentWithText(t.emu.url, t.device.appkey, 'olá grupo'))[0]?.to).toBe(group.id);
  });

  it('gives every accepted message its own id and keeps the outbox oldest first', async () => {
    const ids: string[] = [];
    for (const text of ['primeira-ordem', 'segunda-ordem', 'terceira-ordem'])
      ids.push(expectOk(await sendText(t.emu.url, t.device, CONTACT, text)).data.idMensagem);
    const all = await outbox(t.emu.url, t.device.appkey);
    const positions = ids.map((id) => all.findIndex((m) => m.id === id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
  });

  it('is accepted for a paired device that is not connected (only polls need a connection)', async () => {
    const offline = await addDevice(t.emu.url, t.device.authkey, { connect: false });
    expectOk(await createMessage({ to: CONTACT, message: 'sem-conexao' }, offline.keys));
    expect(await sentWithText(t.emu.url, offline.appkey, 'sem-conexao')).toHaveLength(1);
  });

  it.each(['telefone', '123', '+55'])('to %j: 401 validation.required, nothing goes out', async (to) => {
    expectError(await sendText(t.emu.url, t.device, to, `destino-ruim ${to}`), 401, 'validation.required');
    expect(await sentWithText(t.emu.url, t.device.appkey, `destino-ruim ${to}`)).toHaveLength(0);
  });

  it('a blank message: 401 validation.required', async () => {
    expectError(await sendText(t.emu.url, t.device, CONTACT, '   '), 401, 'validation.required');
  });
});

describe('postStory (a status post)', () => {
  it('posts a text status: Status publicado com sucesso. with data.id, out to status@broadcast', async () => {
    const body = expectOk(await createMessage({ story: true, message: 'Promoção hoje!', backgroundColor: '#25D366' }));
    expect(body.message).toBe('Status publicado com sucesso.');
    expect(body.data.id).toMatch(/^3EB0[0-9A-F]{16}$/);
    const entry = (await outbox(t.emu.url, t.device.appkey)).find((m) => m.id === body.data.id);
    expect(entry).toMatchObject({ kind: 'story', to: 'status@broadcast' });
  });

  it.each([
    ['image', 'https://exemplo.com.br/foto.jpg'],
    ['video', 'https://exemplo.com.br/video.mp4'],
    ['video (.mov)', 'https://exemplo.com.br/clip.MOV'],
  ])('posts an %s status from a file URL', async (_label, file) => {
    const body = expectOk(await createMessage({ story: 'true', file }));
    const entry = (await outbox(t.emu.url, t.device.appkey)).find((m) => m.id === body.data.id);
    expect(entry?.content.file).toBe(file);
  });

  it('gives each status its own id', async () => {
    const a = expectOk(await createMessage({ story: 'true', message: 'um' }));
    const b = expectOk(await createMessage({ story: 'true', message: 'dois' }));
    expect(a.data.id).not.toBe(b.data.id);
  });

  it.each([
    ['neither message nor file', {}],
    ['a file that is not an http(s) URL', { file: 'ftp://exemplo.com.br/a.jpg' }],
    ['a backgroundColor that is not hexadecimal', { message: 'x', backgroundColor: 'azul' }],
  ])('%s: 401 validation.required', async (_label, extra) => {
    expectError(await createMessage({ story: true, ...extra }), 401, 'validation.required');
  });
});

const cards = [
  {
    image_url: 'https://exemplo.com.br/a.jpg',
    title: 'Camisa',
    subtitle: 'Azul',
    description: 'Algodão',
    buttons: [
      { type: 'quickReplyButton', displaytext: 'Quero', id: 'quero-camisa' },
      { type: 'urlButton', displaytext: 'Ver site', action: 'https://exemplo.com.br/camisa' },
    ],
  },
  { title: 'Calça', buttons: [{ type: 'callButton', displaytext: 'Ligar', action: '+5511955554444' }] },
];

describe('sendCarousel', () => {
  it('answers Carrossel enviado com sucesso. and the cards go out', async () => {
    const reply = await createMessage({ to: CONTACT, message: 'Veja o catálogo', footer_text: 'rodapé', cards });
    const entry = await expectSent(reply, 'Carrossel enviado com sucesso.', 'carousel');
    expect(entry.content.message).toBe('Veja o catálogo');
    expect(JSON.stringify(entry.content.cards)).toContain('quero-camisa');
  });

  it.each([
    ['quickReplyButton without id', { type: 'quickReplyButton', displaytext: 'Quero' }],
    ['urlButton without action', { type: 'urlButton', displaytext: 'Site' }],
    ['urlButton whose action is not a URL', { type: 'urlButton', displaytext: 'Site', action: 'exemplo' }],
    ['callButton without action', { type: 'callButton', displaytext: 'Ligar' }],
    ['callButton whose action is not a phone number', { type: 'callButton', displaytext: 'Ligar', action: 'ligue já' }],
    ['a button without displaytext', { type: 'quickReplyButton', id: 'x' }],
    ['a replyButton (sendButtons only)', { type: 'replyButton', displaytext: 'x' }],
  ])('a card with %s: 401 validation.required', async (_label, button) => {
    const bad = [{ ...cards[0], buttons: [button] }];
    expectError(
      await createMessage({ to: CONTACT, message: 'carrossel ruim', cards: bad }),
      401,
      'validation.required',
    );
  });

  it.each([
    ['cards that are not a list', 'nada'],
    ['no cards', []],
    ['11 cards', Array.from({ length: 11 }, () => cards[1])],
    ['an image_url that is not a URL', [{ ...cards[0], image_url: 'foto.jpg' }]],
  ])('%s: 401 validation.required', async (_label, value) => {
    expectError(
      await createMessage({ to: CONTACT, message: 'carrossel ruim', cards: value }),
      401,
      'validation.required',
    );
  });
});

describe('sendButtons', () => {
  const buttons = [
    { type: 'replyButton', displaytext: 'Sim' },
    { type: 'urlButton', displaytext: 'Site', action: 'https://exemplo.com.br' },
    { type: 'callButton', displaytext: 'Ligar', action: '+5511955554444' },
  ];

  it('answers Botões enviados com sucesso. and the buttons go out', async () => {
    const reply = await createMessage({
      to: CONTACT,
      message: 'Escolha',
      header_title: 'Menu',
      footer_text: 'rodapé',
      buttons,
    });
    const entry = await expectSent(reply, 'Botões enviados com sucesso.', 'buttons');
    expect(entry.content.message).toBe('Escolha');
  });

  it.each([
    ['urlButton without action', { type: 'urlButton', displaytext: 'Site' }],
    ['callButton without action', { type: 'callButton', displaytext: 'Ligar' }],
    ['a quickReplyButton (sendCarousel only)', { type: 'quickReplyButton', displaytext: 'x', id: 'x' }],
    ['a button without displaytext', { type: 'replyButton' }],
  ])('%s: 401 validation.required', async (_label, button) => {
    expectError(
      await createMessage({ to: CONTACT, message: 'botões ruins', buttons: [button] }),
      401,
      'validation.required',
    );
  });

  it('11 buttons: 401 validation.required', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ type: 'replyButton', displaytext: `B${i}` }));
    expectError(await createMessage({ to: CONTACT, message: 'muitos', buttons: many }), 401, 'validation.required');
  });
});

describe('sendLocation', () => {
  it('answers Localização enviada com sucesso. and the location goes out with its map link', async () => {
    const reply = await createMessage({
      to: CONTACT,
      message: 'Estamos aqui',
      latitude: '-23.5505',
      longitude: '-46.6333',
    });
    const entry = await expectSent(reply, 'Localização enviada com sucesso.', 'location');
    expect(Number(entry.content.latitude)).toBe(-23.5505);
    expect(Number(entry.content.longitude)).toBe(-46.6333);
    expect(entry.content.mapa).toBe('https://www.google.com/maps?q=-23.5505,-46.6333');
  });

  it('accepts a location without text and with JSON numbers', async () => {
    await expectSent(
      await createMessage({ to: CONTACT, latitude: -8.0476, longitude: -34.877 }),
      'Localização enviada com sucesso.',
      'location',
    );
  });

  it.each([
    ['latitude above 90', { latitude: '91', longitude: '0' }],
    ['longitude below -180', { latitude: '0', longitude: '-180.5' }],
    ['longitude that is not decimal', { latitude: '-8.0', longitude: 'leste' }],
  ])('%s: 401 validation.required', async (_label, coords) => {
    expectError(await createMessage({ to: CONTACT, ...coords }), 401, 'validation.required');
  });
});

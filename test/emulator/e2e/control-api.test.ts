import { describe, expect, it } from 'vitest';
import {
  accountWithDevice,
  addDevice,
  checkDevice,
  CONTACT,
  outbox,
  registerAccount,
  registrationBody,
  sendText,
  startTestEmulator,
  useEmulatorWithDevice,
} from './helpers/fixtures.js';
import { expectError, expectOk, getJson, postJson, send } from './helpers/http.js';

const t = useEmulatorWithDevice();

describe('control API', () => {
  it('health answers {status: 200, message: ok} to GET and POST', async () => {
    expect((await getJson(t.emu.url, '/__emulator/health')).body).toEqual({ status: 200, message: 'ok' });
    expect((await postJson(t.emu.url, '/__emulator/health', {})).status).toBe(200);
  });

  it('outbox lists what went out for the device, oldest first, with id, to, kind, content and timestamp', async () => {
    const own = await accountWithDevice(t.emu.url);
    expect(await outbox(t.emu.url, own.appkey)).toEqual([]);
    const first = expectOk(await sendText(t.emu.url, own, CONTACT, 'primeiro')).data.idMensagem;
    const second = expectOk(
      await postJson(t.emu.url, '/api/create-message', { ...own.keys, to: CONTACT, latitude: '1.5', longitude: '2.5' }),
    ).data.idMensagem;
    const mensagens = await outbox(t.emu.url, own.appkey);
    expect(mensagens.map((m) => [m.id, m.kind, m.to])).toEqual([
      [first, 'text', '5521998765432'],
      [second, 'location', '5521998765432'],
    ]);
    expect(mensagens[0]!.content.message).toBe('primeiro');
    for (const message of mensagens) expect(Number.isNaN(Date.parse(message.timestamp))).toBe(false);
    expect((await postJson(t.emu.url, `/__emulator/outbox?appkey=${own.appkey}`, {})).body.mensagens).toHaveLength(2);
  });

  it('outbox after=<id> lists only the messages that went out after that one; an id it does not hold: 404', async () => {
    const own = await accountWithDevice(t.emu.url);
    const ids: string[] = [];
    for (const text of ['um', 'dois', 'tres']) {
      ids.push(expectOk(await sendText(t.emu.url, own, CONTACT, text)).data.idMensagem as string);
    }
    const after = async (id: string) =>
      (await getJson(t.emu.url, `/__emulator/outbox?appkey=${own.appkey}&after=${id}`)).body;
    expect((await after(ids[0]!)).mensagens.map((m: { id: string }) => m.id)).toEqual(ids.slice(1));
    expect((await after(ids[2]!)).mensagens).toEqual([]);
    expect(await after('nao-existe')).toEqual({ status: 404, message: 'Mensagem não encontrada.' });
  });

  it('outbox does not show another device’s messages', async () => {
    const other = await accountWithDevice(t.emu.url);
    expectOk(await sendText(t.emu.url, t.device, CONTACT, 'so-do-primeiro'));
    expect(JSON.stringify(await outbox(t.emu.url, other.appkey))).not.toContain('so-do-primeiro');
  });

  it('connect may record the phone the device turned out to have; disconnect undoes the connection', async () => {
    const own = await addDevice(t.emu.url, t.device.authkey, { connect: false });
    expectOk(await postJson(t.emu.url, '/__emulator/connect', { appkey: own.appkey, telefone: '+5511933334444' }));
    const connected = await checkDevice(t.emu.url, t.device.authkey, own.id);
    expect(connected.conectado).toBe(true);
    expect(String(connected.telefone).replace(/\D/g, '')).toBe('5511933334444');
    expectOk(await postJson(t.emu.url, '/__emulator/disconnect', { appkey: own.appkey }));
    expect((await checkDevice(t.emu.url, t.device.authkey, own.id)).conectado).toBe(false);
  });

  it('groups returns the group id and its invite', async () => {
    const reply = expectOk(
      await postJson(t.emu.url, '/__emulator/groups', {
        appkey: t.device.appkey,
        titulo: 'G',
        participantes: [{ id: CONTACT, admin: false }],
      }),
    );
    expect(reply.grupo).toMatch(/^120363\d{12}@g\.us$/);
    expect(reply.convite).toMatch(/^https:\/\/chat\.whatsapp\.com\//);
  });

  it('otp returns a 6-digit code and its expiry', async () => {
    const reply = expectOk(await postJson(t.emu.url, '/__emulator/otp', { appkey: t.device.appkey, to: CONTACT }));
    expect(reply.code).toMatch(/^\d{6}$/);
    expect(Date.parse(reply.expiraEm) - Date.now()).toBeGreaterThan(290_000);
  });

  it.each([
    ['connect', '/__emulator/connect', { appkey: 'nao-existe' }],
    ['groups', '/__emulator/groups', { appkey: 'nao-existe', titulo: 'G' }],
    ['otp', '/__emulator/otp', { appkey: 'nao-existe', to: CONTACT }],
    ['inbound', '/__emulator/inbound', { appkey: 'nao-existe', evento: 'text', de: CONTACT, mensagem: 'oi' }],
  ])('%s with an unknown appkey: 404 Nenhum dispositivo encontrado.', async (_label, path, body) => {
    expectError(await postJson(t.emu.url, path, body), 404, 'Nenhum dispositivo encontrado.');
  });

  it('outbox of an unknown appkey: 404 Nenhum dispositivo encontrado.', async () => {
    expectError(
      await getJson(t.emu.url, '/__emulator/outbox?appkey=nao-existe'),
      404,
      'Nenhum dispositivo encontrado.',
    );
  });

  it('templates with an unknown authkey: 401', async () => {
    expectError(await postJson(t.emu.url, '/__emulator/templates', { authkey: 'e'.repeat(40), texto: 'x' }), 401);
  });

  it.each([
    ['groups without titulo', '/__emulator/groups', 'titulo', () => ({ appkey: t.device.appkey })],
    ['templates without texto', '/__emulator/templates', 'texto', () => ({ authkey: t.device.authkey })],
    ['otp without to', '/__emulator/otp', 'to', () => ({ appkey: t.device.appkey })],
    ['connect without appkey', '/__emulator/connect', 'appkey', () => ({})],
    [
      'inbound without de',
      '/__emulator/inbound',
      'de',
      () => ({ appkey: t.device.appkey, evento: 'text', mensagem: 'oi' }),
    ],
  ])('%s: 400 Campo obrigatório ausente ou inválido: <campo>.', async (_label, path, field, body) => {
    expectError(await postJson(t.emu.url, path, body()), 400, `Campo obrigatório ausente ou inválido: ${field}.`);
  });

  it('inbound with an unknown evento: 400 naming the valid ones', async () => {
    const reply = await postJson(t.emu.url, '/__emulator/inbound', {
      appkey: t.device.appkey,
      evento: 'telepatia',
      de: CONTACT,
    });
    expectError(reply, 400);
    for (const kind of ['text', 'button', 'location', 'poll_vote', 'reaction'])
      expect(reply.body.message).toContain(kind);
  });

  it.each([
    ['a vote', { evento: 'poll_vote', opcoes: ['A'] }],
    ['a click', { evento: 'button', opcao: 'A' }],
  ])('inbound %s on an unknown message: 404 Mensagem não encontrada.', async (_label, body) => {
    const reply = await postJson(t.emu.url, '/__emulator/inbound', {
      appkey: t.device.appkey,
      de: CONTACT,
      idMensagem: '3EB0FFFFFFFFFFFFFFFF',
      ...body,
    });
    expectError(reply, 404, 'Mensagem não encontrada.');
  });

  it('an unknown control path: 404 Rota de controle não encontrada.', async () => {
    expectError(await postJson(t.emu.url, '/__emulator/nao-existe', {}), 404, 'Rota de controle não encontrada.');
  });

  it('reset wipes every account, device and message', async () => {
    const scratch = await startTestEmulator();
    try {
      const input = registrationBody();
      const account = await registerAccount(scratch.url, input);
      const own = await accountWithDevice(scratch.url);
      expectOk(await send(scratch.url, '/__emulator/reset', { method: 'POST' }));
      expectError(
        await postJson(scratch.url, '/api/developer', { authkey: account.authkey, message: false, dispositivos: true }),
        401,
      );
      expectError(await sendText(scratch.url, own, CONTACT, 'apos-reset'), 401);
      expectOk(await postJson(scratch.url, '/api/auth', input));
    } finally {
      await scratch.close();
    }
  });
});

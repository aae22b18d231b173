import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountWithDevice,
  checkDevice,
  CONTACT,
  createGroup,
  sendText,
  useEmulatorWithDevice,
  type Group,
} from './helpers/fixtures.js';
import { expectError, expectOk, postJson } from './helpers/http.js';

const t = useEmulatorWithDevice({ receiver: true });

const settings = (body: Record<string, unknown>, keys = t.device.keys) =>
  postJson(t.emu.url, '/api/settings', { ...keys, ...body });
const switchWebhook = (type: string, on: unknown, message: string = t.device.id, keys = t.device.keys) =>
  settings({ type, message, statusWebhook: on }, keys);

describe('userStatus', () => {
  it('is offline for a number that has not written, online once it writes to the device', async () => {
    const own = await accountWithDevice(t.emu.url);
    const status = () => settings({ to: '+5511966667777', message: false, obterStatus: true }, own.keys);
    const before = expectOk(await status());
    expect(before).toMatchObject({ message: 'Status obtido com sucesso.', userStatus: 'offline' });
    expectOk(
      await postJson(t.emu.url, '/__emulator/inbound', {
        appkey: own.appkey,
        evento: 'text',
        de: '5511966667777',
        mensagem: 'oi',
      }),
    );
    expect(expectOk(await status()).userStatus).toBe('online');
  });

  it('unknown appkey: 404 Nenhum dispositivo encontrado.', async () => {
    const reply = await settings(
      { to: CONTACT, message: false, obterStatus: true },
      { ...t.device.keys, appkey: 'nao-existe' },
    );
    expectError(reply, 404, 'Nenhum dispositivo encontrado.');
  });
});

describe('renameDevice', () => {
  it('renames the device of the appkey', async () => {
    const own = await accountWithDevice(t.emu.url);
    const body = expectOk(await settings({ message: 'Loja Centro', altereNome: true }, own.keys));
    expect(body.message).toBe('Nome alterado com sucesso.');
    expect((await checkDevice(t.emu.url, own.authkey, own.id)).nome).toBe('Loja Centro');
    expect((await checkDevice(t.emu.url, own.authkey, 'Loja Centro')).id).toBe(own.id);
  });

  it('a name over 100 characters: 401 validation.required', async () => {
    expectError(await settings({ message: 'n'.repeat(101), altereNome: true }), 401, 'validation.required');
  });

  it('unknown appkey: 404 Nenhum dispositivo encontrado.', async () => {
    const reply = await settings({ message: 'X', altereNome: true }, { ...t.device.keys, appkey: 'nao-existe' });
    expectError(reply, 404, 'Nenhum dispositivo encontrado.');
  });
});

describe('switchWebhook', () => {
  let group: Group;
  beforeAll(async () => {
    group = await createGroup(t.emu.url, t.device.appkey);
  });
  const textTo = (text: string) => (event: Record<string, unknown>) => event.mensagem === text;

  it('delivers chat and group events after pairing (both switches on)', async () => {
    expectOk(await sendText(t.emu.url, t.device, CONTACT, 'inicio-chat'));
    expectOk(await sendText(t.emu.url, t.device, group.id, 'inicio-grupo'));
    await t.receiver.waitForEvent(textTo('inicio-chat'));
    await t.receiver.waitForEvent(textTo('inicio-grupo'));
  });

  it('switching chats off stops chat events only; switching back on resumes them', async () => {
    expect(expectOk(await switchWebhook('chat', false)).message).toBe('Sucesso');
    expectOk(await sendText(t.emu.url, t.device, CONTACT, 'chat-desligado'));
    expectOk(await sendText(t.emu.url, t.device, group.id, 'grupo-com-chat-desligado'));
    await t.receiver.waitForEvent(textTo('grupo-com-chat-desligado'));
    expect(expectOk(await switchWebhook('chat', true)).message).toBe('Sucesso');
    expectOk(await sendText(t.emu.url, t.device, CONTACT, 'chat-religado'));
    await t.receiver.waitForEvent(textTo('chat-religado'));
    expect(t.receiver.events(textTo('chat-desligado'))).toHaveLength(0);
  });

  it('switching groups off stops group events only; switching back on resumes them', async () => {
    expectOk(await switchWebhook('grupo', 'false'));
    expectOk(await sendText(t.emu.url, t.device, group.id, 'grupo-desligado'));
    expectOk(await sendText(t.emu.url, t.device, CONTACT, 'chat-com-grupo-desligado'));
    await t.receiver.waitForEvent(textTo('chat-com-grupo-desligado'));
    expectOk(await switchWebhook('grupo', 'true'));
    expectOk(await sendText(t.emu.url, t.device, group.id, 'grupo-religado'));
    await t.receiver.waitForEvent(textTo('grupo-religado'));
    expect(t.receiver.events(textTo('grupo-desligado'))).toHaveLength(0);
  });

  it('gates incoming group messages with the group switch, read when the event is queued', async () => {
    const incoming = (mensagem: string, grupo?: string) =>
      postJson(t.emu.url, '/__emulator/inbound', {
        appkey: t.device.appkey,
        evento: 'text',
        de: CONTACT,
        mensagem,
        ...(grupo ? { grupo } : {}),
      });
    expectOk(await switchWebhook('grupo', false, t.device.appkey));
    expectOk(await incoming('grupo-entrada-desligado', group.id));
    expectOk(await switchWebhook('grupo', true, t.device.nome));
    expectOk(await incoming('grupo-entrada-ligado', group.id));
    const event = await t.receiver.waitForEvent(textTo('grupo-entrada-ligado'));
    expect(event).toMatchObject({ chat: group.id, isGrupo: true, tipo: 'Chat' });
    expect(t.receiver.events(textTo('grupo-entrada-desligado'))).toHaveLength(0);
  });

  it('re-pairing a device turns both switches back on', async () => {
    const own = await accountWithDevice(t.emu.url, { webhook: t.receiver.url });
    expectOk(await switchWebhook('chat', false, own.id, own.keys));
    expectOk(await postJson(t.emu.url, '/api/v2/qrcode', { authkey: own.authkey, setAppkey: own.appkey }));
    expectOk(await sendText(t.emu.url, own, CONTACT, 'apos-repareamento'));
    await t.receiver.waitForEvent(textTo('apos-repareamento'));
  });

  it('a device ID that is not the appkey’s own device: 404 Nenhum dispositivo encontrado.', async () => {
    const stranger = await accountWithDevice(t.emu.url);
    expectError(await switchWebhook('chat', false, stranger.id), 404, 'Nenhum dispositivo encontrado.');
    expectError(await switchWebhook('chat', false, 'nao-existe'), 404, 'Nenhum dispositivo encontrado.');
  });

  it.each([
    ['type other than chat or grupo', { type: 'canal', message: 'ID', statusWebhook: true }],
    ['type missing', { message: 'ID', statusWebhook: true }],
    ['statusWebhook neither true nor false', { type: 'chat', message: 'ID', statusWebhook: 'talvez' }],
    ['message (device ID) missing', { type: 'chat', statusWebhook: true }],
  ])('%s: 401 validation.required', async (_label, body: Record<string, unknown>) => {
    const withId = body.message ? { ...body, message: t.device.id } : body;
    expectError(await settings(withId), 401, 'validation.required');
  });
});

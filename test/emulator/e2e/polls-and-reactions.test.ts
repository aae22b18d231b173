import { beforeAll, describe, expect, it } from 'vitest';
import { wallClock, wallClockDistance } from './helpers/clock.js';
import { addDevice, CONTACT, createGroup, outbox, useEmulatorWithDevice } from './helpers/fixtures.js';
import { expectError, expectOk, postJson } from './helpers/http.js';

const t = useEmulatorWithDevice({ emulator: { tz: 'Europe/Lisbon' } });

const createMessage = (body: Record<string, unknown>, keys = t.device.keys) =>
  postJson(t.emu.url, '/api/create-message', { ...keys, ...body });
const poll = (opcoes: unknown, extra: Record<string, unknown> = {}, keys = t.device.keys) =>
  createMessage({ to: CONTACT, message: 'Qual sabor?', opcoes, ...extra }, keys);
const options = (n: number) => Array.from({ length: n }, (_, i) => `Opção ${i + 1}`);

describe('sendPoll', () => {
  it('answers Enquete enviada com sucesso. with data.idMensagem and data.dataEnvio (now, in --tz), and the poll goes out', async () => {
    const body = expectOk(await poll(['Chocolate', 'Morango']));
    expect(body.message).toBe('Enquete enviada com sucesso.');
    expect(body.data.idMensagem).toMatch(/^3EB0[0-9A-F]{16}$/);
    expect(body.data.dataEnvio).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(wallClockDistance(body.data.dataEnvio, wallClock(new Date(), 'Europe/Lisbon'))).toBeLessThan(5000);
    const entry = (await outbox(t.emu.url, t.device.appkey)).find((m) => m.id === body.data.idMensagem);
    expect(entry).toMatchObject({
      kind: 'poll',
      to: '5521998765432',
      content: { message: 'Qual sabor?', opcoes: ['Chocolate', 'Morango'] },
    });
    expect(entry!.content.multiplaEscolha).toBe(false);
  });

  it.each([2, 12])('accepts %i options', async (n) => {
    expectOk(await poll(options(n)));
  });

  it.each([true, 'true', '1'])('accepts multiplaEscolha = %j and records a multiple-choice poll', async (flag) => {
    const id = expectOk(await poll(['A', 'B', 'C'], { multiplaEscolha: flag })).data.idMensagem;
    expect((await outbox(t.emu.url, t.device.appkey)).find((m) => m.id === id)?.content.multiplaEscolha).toBe(true);
  });

  it('can go to a group', async () => {
    const group = await createGroup(t.emu.url, t.device.appkey);
    expectOk(await createMessage({ to: group.id, message: 'Reunião quando?', opcoes: ['Segunda', 'Terça'] }));
  });

  it.each([
    ['no options', [], 'A enquete precisa de pelo menos 2 opcoes'],
    ['one option', ['Única'], 'A enquete precisa de pelo menos 2 opcoes'],
    ['13 options', options(13), 'A enquete pode ter no máximo 12 opcoes'],
    ['a repeated option', ['Sim', 'Não', 'Sim'], 'A enquete não pode ter opcoes repetidas'],
    ['options equal once trimmed and case-folded', ['Sim', ' sim '], 'A enquete não pode ter opcoes repetidas'],
    ['a blank option', ['Sim', '  '], 'As opcoes da enquete não podem ser vazias'],
  ])('%s: 403 %s', async (_label, opcoes, message) => {
    expectError(await poll(opcoes), 403, message);
  });

  it('a rejected poll does not go out', async () => {
    const before = (await outbox(t.emu.url, t.device.appkey)).length;
    await poll(['Sozinha']);
    expect(await outbox(t.emu.url, t.device.appkey)).toHaveLength(before);
  });

  it.each([
    ['a list of numbers', [1, 2]],
    ['a plain string', 'A,B'],
  ])('opcoes as %s: 401 validation.required', async (_label, opcoes) => {
    expectError(await poll(opcoes), 401, 'validation.required');
  });

  it('needs a connected device: 404 Nenhum dispositivo conectado encontrado', async () => {
    const offline = await addDevice(t.emu.url, t.device.authkey, { connect: false });
    expectError(await poll(['Sim', 'Não'], {}, offline.keys), 404, 'Nenhum dispositivo conectado encontrado');
    expect(await outbox(t.emu.url, offline.appkey)).toHaveLength(0);
  });

  it('checks the poll rules before the connection: one option on an unconnected device is 403', async () => {
    const offline = await addDevice(t.emu.url, t.device.authkey, { connect: false });
    expectError(await poll(['Única'], {}, offline.keys), 403, 'A enquete precisa de pelo menos 2 opcoes');
  });

  it('unknown appkey: 404 Nenhum dispositivo encontrado.', async () => {
    expectError(
      await poll(['A', 'B'], {}, { ...t.device.keys, appkey: 'nao-existe' }),
      404,
      'Nenhum dispositivo encontrado.',
    );
  });
});

describe('sendReaction', () => {
  let target: string;
  beforeAll(async () => {
    target = expectOk(await poll(['X', 'Y'])).data.idMensagem;
  });
  const react = (message: unknown, extra: Record<string, unknown> = {}) =>
    createMessage({ to: CONTACT, message, id: target, reactionMessage: true, ...extra });

  it.each(['👍', '❤️', '👨‍👩‍👧', '👍🏽', '🇧🇷', '1️⃣'])('reacts with %s: Reação enviada com sucesso.', async (emoji) => {
    const body = expectOk(await react(emoji));
    expect(body.message).toBe('Reação enviada com sucesso.');
    const entry = (await outbox(t.emu.url, t.device.appkey)).find((m) => m.id === body.data.idMensagem);
    expect(entry?.kind).toBe('reaction');
  });

  it('removes a reaction with remove: Reação removida com sucesso.', async () => {
    expect(expectOk(await react('remove')).message).toBe('Reação removida com sucesso.');
  });

  it('reacts to a message id from outside the emulator', async () => {
    expectOk(await react('🎉', { id: 'ABCDEF0123456789' }));
  });

  it.each(['true', '1'])('accepts reactionMessage = %j', async (flag) => {
    expectOk(await react('🎉', { reactionMessage: flag }));
  });

  it.each([
    ['a word', 'legal'],
    ['two emojis', '👍👍'],
    ['an emoji with text', '👍 ok'],
  ])('a message that is %s: 401 validation.required', async (_label, message) => {
    expectError(await react(message), 401, 'validation.required');
  });
});

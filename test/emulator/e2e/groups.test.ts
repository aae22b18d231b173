import { beforeAll, describe, expect, it } from 'vitest';
import { accountWithDevice, addDevice, createGroup, useEmulatorWithDevice, type Group } from './helpers/fixtures.js';
import { expectError, expectOk, postJson } from './helpers/http.js';

const t = useEmulatorWithDevice();
let group: Group;
const participantes = [
  { id: '5521998765432', admin: true },
  { id: '5531987654321', admin: false },
];
beforeAll(async () => {
  group = await createGroup(t.emu.url, t.device.appkey, {
    titulo: 'Clube do Livro',
    descricao: 'Leituras do mês',
    participantes,
  });
});

const groups = (body: Record<string, unknown>, keys = t.device.keys) =>
  postJson(t.emu.url, '/api/groups', { ...keys, ...body });
const info = (infoConvite: string, keys = t.device.keys) => groups({ message: false, infoConvite }, keys);

describe('groupInfo', () => {
  it('returns the group by its ID', async () => {
    const body = expectOk(await info(group.id));
    expect(typeof body.message).toBe('string');
    expect(body.grupo).toMatchObject({ id: group.id, titulo: 'Clube do Livro', descricao: 'Leituras do mês' });
    expect(body.grupo.participantes).toEqual(
      expect.arrayContaining(participantes.map((p) => expect.objectContaining(p))),
    );
  });

  it('returns the same group by its invite link and by the bare invite code', async () => {
    expect(group.id).toMatch(/^120363\d{12}@g\.us$/);
    expect(group.convite).toMatch(/^https:\/\/chat\.whatsapp\.com\/[A-Za-z0-9]{22}$/);
    expect(expectOk(await info(group.convite)).grupo.id).toBe(group.id);
    expect(expectOk(await info(group.convite.split('/').pop()!)).grupo.id).toBe(group.id);
  });

  it('unknown group: 404 Grupo não encontrado.', async () => {
    expectError(await info('120363999999999999@g.us'), 404, 'Grupo não encontrado.');
  });
});

describe('renameGroup', () => {
  it('changes the title that groupInfo then shows', async () => {
    const own = await createGroup(t.emu.url, t.device.appkey, { titulo: 'Antigo' });
    const body = expectOk(await groups({ message: 'Novo Título', to: own.id, tituloGrupo: true }));
    expect(body.message).toBe('Título do grupo alterado com sucesso.');
    expect(expectOk(await info(own.id)).grupo.titulo).toBe('Novo Título');
  });

  it('unknown group: 404 Grupo não encontrado.', async () => {
    expectError(
      await groups({ message: 'X', to: '120363999999999999@g.us', tituloGrupo: true }),
      404,
      'Grupo não encontrado.',
    );
  });

  it('a title over 100 characters: 401 validation.required, title unchanged', async () => {
    expectError(
      await groups({ message: 'x'.repeat(101), to: group.id, tituloGrupo: true }),
      401,
      'validation.required',
    );
    expect(expectOk(await info(group.id)).grupo.titulo).toBe('Clube do Livro');
  });
});

describe('groupInvite', () => {
  it('returns the invite link that groupInfo accepts', async () => {
    const body = expectOk(await groups({ message: false, obterConvite: group.id }));
    expect(body.message).toBe('Convite do grupo obtido com sucesso.');
    expect(body.convite).toBe(group.convite);
    expect(expectOk(await info(body.convite)).grupo.id).toBe(group.id);
  });

  it('unknown group: 404 Grupo não encontrado.', async () => {
    expectError(
      await groups({ message: false, obterConvite: '120363999999999999@g.us' }),
      404,
      'Grupo não encontrado.',
    );
  });
});

describe('groups of other devices', () => {
  it('are not visible through another device of the same account', async () => {
    const sibling = await addDevice(t.emu.url, t.device.authkey);
    expectError(await info(group.id, sibling.keys), 404, 'Grupo não encontrado.');
  });

  it('are not found through another account', async () => {
    const stranger = await accountWithDevice(t.emu.url);
    expectError(await info(group.id, stranger.keys), 404, 'Grupo não encontrado.');
    expectError(await info(group.convite, stranger.keys), 404, 'Grupo não encontrado.');
    expectError(
      await groups({ message: 'Invadido', to: group.id, tituloGrupo: true }, stranger.keys),
      404,
      'Grupo não encontrado.',
    );
    expectError(await groups({ message: false, obterConvite: group.id }, stranger.keys), 404, 'Grupo não encontrado.');
    expect(expectOk(await info(group.id)).grupo.titulo).toBe('Clube do Livro');
  });
});

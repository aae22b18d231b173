import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDevice,
  checkDevice,
  CONTACT,
  createGroup,
  createTemplate,
  outbox,
  useEmulatorWithDevice,
  type Group,
} from './helpers/fixtures.js';
import { expectError, expectOk, postJson } from './helpers/http.js';

const t = useEmulatorWithDevice({ emulator: { tz: 'UTC' } });
let group: Group;
let templateId: string;
beforeAll(async () => {
  group = await createGroup(t.emu.url, t.device.appkey, { titulo: 'Original' });
  templateId = await createTemplate(t.emu.url, t.device.authkey, 'Oi {{nome}}');
});

const createMessage = (body: Record<string, unknown>, keys: Record<string, unknown> = t.device.keys) =>
  postJson(t.emu.url, '/api/create-message', { ...keys, to: CONTACT, ...body });
const lastKind = async () => (await outbox(t.emu.url, t.device.appkey)).at(-1)?.kind;

describe('order of checks: fields → authkey → appkey → operation rules → connection', () => {
  it('a missing field wins over an unknown authkey', async () => {
    expectError(
      await createMessage({ to: undefined, message: 'x' }, { appkey: 'nao-existe', authkey: 'f'.repeat(40) }),
      401,
      'validation.required',
    );
  });

  it('an unknown authkey wins over an unknown appkey', async () => {
    expectError(
      await createMessage({ message: 'x' }, { appkey: 'nao-existe', authkey: 'f'.repeat(40) }),
      401,
      'Authkey inválida ou não encontrada.',
    );
  });

  it('an unknown appkey wins over poll rules and over a missing template', async () => {
    const keys = { ...t.device.keys, appkey: 'nao-existe' };
    expectError(await createMessage({ message: 'Q?', opcoes: ['só'] }, keys), 404, 'Nenhum dispositivo encontrado.');
    expectError(
      await createMessage({ template_id: 'tpl_000000000000', variables: {} }, keys),
      404,
      'Nenhum dispositivo encontrado.',
    );
  });

  it('poll rules win over the connection check', async () => {
    const offline = await addDevice(t.emu.url, t.device.authkey, { connect: false });
    expectError(
      await createMessage({ message: 'Q?', opcoes: ['A', 'A'] }, offline.keys),
      403,
      'A enquete não pode ter opcoes repetidas',
    );
  });
});

describe('flags of several operations in one body (documented precedence)', () => {
  it('story wins over everything on /api/create-message', async () => {
    const body = expectOk(
      await createMessage({ story: true, message: 'status', reactionMessage: true, id: 'X', opcoes: ['A', 'B'] }),
    );
    expect(body.message).toBe('Status publicado com sucesso.');
    expect(body.data.id).toBeDefined();
  });

  it('reactionMessage wins over verificarOTP, agendamento and the rest', async () => {
    const body = expectOk(
      await createMessage({
        message: '👍',
        id: 'ABC',
        reactionMessage: 'true',
        verificarOTP: '123456',
        agendamento: '2099-01-01 00:00:00',
      }),
    );
    expect(body.message).toBe('Reação enviada com sucesso.');
  });

  it('verificarOTP wins over agendamento', async () => {
    const reply = await createMessage({ message: false, verificarOTP: '000000', agendamento: '2099-01-01 00:00:00' });
    expectError(reply, 401, 'OTP inválido ou expirado.');
    expect(reply.body.valid).toBe(false);
  });

  it('agendamento wins over template_id', async () => {
    const body = expectOk(
      await createMessage({
        message: 'mais tarde',
        agendamento: '2099-01-01 00:00:00',
        template_id: templateId,
        variables: {},
      }),
    );
    expect(body.message).toBe('Mensagem agendada com sucesso.');
    expect(body.agendamento_id).toMatch(/^agd_/);
  });

  it.each([
    [
      'template_id over opcoes',
      { template_id: 'T', variables: { nome: 'Ana' }, opcoes: ['A', 'B'], message: 'Q' },
      'Template enviado com sucesso.',
      'template',
    ],
    [
      'opcoes over cards',
      {
        message: 'Q?',
        opcoes: ['A', 'B'],
        cards: [{ title: 'x', buttons: [{ type: 'quickReplyButton', displaytext: 'a', id: 'a' }] }],
      },
      'Enquete enviada com sucesso.',
      'poll',
    ],
    [
      'cards over buttons',
      {
        message: 'C',
        cards: [{ title: 'x', buttons: [{ type: 'quickReplyButton', displaytext: 'a', id: 'a' }] }],
        buttons: [{ type: 'replyButton', displaytext: 'b' }],
      },
      'Carrossel enviado com sucesso.',
      'carousel',
    ],
    [
      'buttons over a location',
      { message: 'B', buttons: [{ type: 'replyButton', displaytext: 'b' }], latitude: '1', longitude: '2' },
      'Botões enviados com sucesso.',
      'buttons',
    ],
    [
      'a location over a text',
      { message: 'L', latitude: '1', longitude: '2' },
      'Localização enviada com sucesso.',
      'location',
    ],
  ])('%s', async (_label, body: Record<string, unknown>, message, kind) => {
    const withTemplate = body.template_id ? { ...body, template_id: templateId } : body;
    expect(expectOk(await createMessage(withTemplate)).message).toBe(message);
    expect(await lastKind()).toBe(kind);
  });

  it('a flag set to false does not select its operation', async () => {
    expect(expectOk(await createMessage({ message: 'texto com story false', story: false })).message).toBe(
      'Mensagem enviada com sucesso.',
    );
  });

  it('on /api/groups reading wins over changing: infoConvite over tituloGrupo', async () => {
    const body = expectOk(
      await postJson(t.emu.url, '/api/groups', {
        ...t.device.keys,
        message: false,
        to: group.id,
        infoConvite: group.id,
        tituloGrupo: true,
      }),
    );
    expect(body.grupo.titulo).toBe('Original');
    const invite = expectOk(
      await postJson(t.emu.url, '/api/groups', {
        ...t.device.keys,
        message: false,
        to: group.id,
        obterConvite: group.id,
        tituloGrupo: true,
      }),
    );
    expect(invite.convite).toBe(group.convite);
    const info = expectOk(
      await postJson(t.emu.url, '/api/groups', { ...t.device.keys, message: false, infoConvite: group.id }),
    );
    expect(info.grupo.titulo).toBe('Original');
  });

  it('on /api/settings obterStatus wins over altereNome, which wins over statusWebhook', async () => {
    const status = expectOk(
      await postJson(t.emu.url, '/api/settings', {
        ...t.device.keys,
        to: CONTACT,
        message: false,
        obterStatus: true,
        altereNome: true,
      }),
    );
    expect(status.userStatus).toBeDefined();
    expect((await checkDevice(t.emu.url, t.device.authkey, t.device.id)).nome).toBe(t.device.nome);
    const rename = expectOk(
      await postJson(t.emu.url, '/api/settings', {
        ...t.device.keys,
        type: 'chat',
        message: 'Nome Novo',
        altereNome: true,
        statusWebhook: false,
      }),
    );
    expect(rename.message).toBe('Nome alterado com sucesso.');
    expectOk(
      await postJson(t.emu.url, '/api/settings', { ...t.device.keys, message: t.device.nome, altereNome: true }),
    );
  });

  it('on /api/developer listing wins over checking, which wins over deleting', async () => {
    const list = expectOk(
      await postJson(t.emu.url, '/api/developer', {
        authkey: t.device.authkey,
        message: false,
        dispositivos: true,
        apagarDispositivo: true,
      }),
    );
    expect(list.dispositivos).toBeDefined();
    const check = expectOk(
      await postJson(t.emu.url, '/api/developer', {
        authkey: t.device.authkey,
        message: t.device.id,
        checkDispositivo: true,
        apagarDispositivo: true,
      }),
    );
    expect(check.dispositivo.id).toBe(t.device.id);
    expect((await checkDevice(t.emu.url, t.device.authkey, t.device.id)).id).toBe(t.device.id);
  });

  it.each([
    ['/api/groups', { message: 'x' }],
    ['/api/settings', { message: 'x' }],
    ['/api/developer', { message: 'x' }],
  ])('no operation flag on %s: 401 validation.required', async (path, body) => {
    expectError(await postJson(t.emu.url, path, { ...t.device.keys, ...body }), 401, 'validation.required');
  });
});

// The live service's operations beyond the seed, replayed as the public clients encode them (docs/emulator.md).
import { describe, expect, it } from 'vitest';
import { wallClock, wholeSecondsAhead } from './helpers/clock.js';
import {
  CONTACT,
  checkDevice,
  connectDevice,
  outbox,
  registerAccount,
  registrationBody,
  useEmulatorWithDevice,
} from './helpers/fixtures.js';
import { expectError, expectOk, getJson, postForm, postJson, postMultipart, send } from './helpers/http.js';

const t = useEmulatorWithDevice({ receiver: true });
const PDF_URL = 'https://arquivos.exemplo.com.br/notas/nota-123.pdf';
const withKeys = (path: string) => `${path}?${new URLSearchParams(t.device.keys).toString()}`;
const lastSent = async () => (await outbox(t.emu.url, t.device.appkey)).at(-1);

describe('media sends', () => {
  it('keeps a media by URL sent as Guzzle multipart as media, with its caption and file name, and emits a media event', async () => {
    const body = expectOk(
      await postMultipart(t.emu.url, '/api/create-message', {
        ...t.device.keys,
        to: CONTACT,
        message: 'nota.pdf',
        file: PDF_URL,
        descricao: 'Sua nota',
        format: 'pdf',
        sandbox: '1',
      }),
    );
    expect(body.message).toBe('Mensagem enviada com sucesso.');
    const entry = await lastSent();
    expect(entry).toMatchObject({ kind: 'media', id: body.data.idMensagem });
    expect(entry?.content).toEqual({ mediaType: 'document', fileName: 'nota.pdf', file: PDF_URL, caption: 'Sua nota' });
    const event = await t.receiver.waitForEvent((e) => e.idMessagem === body.data.idMensagem);
    expect(event).toMatchObject({
      evento: 'media',
      tipo: 'Me',
      tipoMidia: 'document',
      url: PDF_URL,
      nomeArquivo: 'nota.pdf',
      mensagem: 'Sua nota',
    });
  });

  it.each([
    ['format', { format: 'mp3', message: 'audio' }, 'audio'],
    ['file name', { message: 'foto.JPG' }, 'image'],
    ['URL path', { message: '', file: 'https://x.exemplo.com/v/clip.mp4?sig=1' }, 'video'],
  ])('tells the kind by %s', async (_by, extra, kind) => {
    expectOk(
      await postJson(t.emu.url, '/api/create-message', {
        ...t.device.keys,
        to: CONTACT,
        file: PDF_URL.replace('.pdf', ''),
        ...extra,
      }),
    );
    expect((await lastSent())?.content.mediaType).toBe(kind);
  });

  it('keeps base64 media sent as JSON with the keys in the query string, with its size', async () => {
    const data = Buffer.from('conteúdo do boleto').toString('base64');
    expectOk(
      await postJson(t.emu.url, withKeys('/api/create-message'), {
        to: CONTACT,
        message: 'boleto.pdf',
        file: data,
        licence: 'X',
      }),
    );
    expect((await lastSent())?.content).toEqual({
      mediaType: 'document',
      fileName: 'boleto.pdf',
      size: Buffer.byteLength('conteúdo do boleto'),
    });
  });

  it('refuses a file that is neither an http(s) URL nor base64: 401, nothing sent', async () => {
    const before = (await outbox(t.emu.url, t.device.appkey)).length;
    expectError(
      await postJson(t.emu.url, '/api/create-message', {
        ...t.device.keys,
        to: CONTACT,
        message: 'x.pdf',
        file: 'ftp://a/b c',
      }),
      401,
      'validation.required',
    );
    expect(await outbox(t.emu.url, t.device.appkey)).toHaveLength(before);
  });
});

describe('replies', () => {
  it('stores and emits the quoted id and text of a reply posted as a form with licence', async () => {
    const body = expectOk(
      await postForm(t.emu.url, '/api/create-message', {
        ...t.device.keys,
        to: CONTACT,
        message: 'Claro!',
        tipoMensagem: 'conversation',
        tipo: 'chat',
        idMensagem: '3EB0ABCDEF0123456789',
        respostaMensagem: 'Pode me ajudar?',
        licence: 'ABC',
      }),
    );
    expect(body).toMatchObject({ status: 200, message: 'Mensagem enviada com sucesso.' });
    expect(await lastSent()).toMatchObject({
      kind: 'reply',
      content: {
        message: 'Claro!',
        idMensagem: '3EB0ABCDEF0123456789',
        respostaMensagem: 'Pode me ajudar?',
        tipo: 'chat',
      },
    });
    const event = await t.receiver.waitForEvent((e) => e.idMessagem === body.data.idMensagem);
    expect(event).toMatchObject({
      evento: 'text',
      mensagem: 'Claro!',
      idMensagemCitada: '3EB0ABCDEF0123456789',
      mensagemCitada: 'Pode me ajudar?',
    });
  });

  it('refuses an unknown tipoMensagem with 401', async () => {
    const reply = await postJson(t.emu.url, '/api/create-message', {
      ...t.device.keys,
      to: CONTACT,
      message: 'x',
      idMensagem: 'a',
      tipoMensagem: 'stickerMessage',
    });
    expectError(reply, 401, 'validation.required');
  });
});

describe('schedules', () => {
  const schedule = (message: string, due: Date) =>
    postJson(t.emu.url, '/api/create-message', {
      ...t.device.keys,
      to: CONTACT,
      message,
      agendamento: wallClock(due, 'America/Sao_Paulo'),
      file: '',
      nomearquivo: '',
    });

  it('answers the id as id beside agendamento_id', async () => {
    const body = expectOk(await schedule('depois', new Date('2099-01-01T12:00:00Z')));
    expect(body.id).toBe(body.agendamento_id);
  });

  it('cancels with cancelarAgendamento="1" (multipart): the schedule never goes out, a second cancel is 404', async () => {
    const due = wholeSecondsAhead(1);
    const cancelled = expectOk(await schedule('cancelada', due)).id as string;
    const kept = expectOk(await schedule('mantida', due)).id as string;
    const body = expectOk(
      await postMultipart(t.emu.url, '/api/create-message', {
        ...t.device.keys,
        message: cancelled,
        cancelarAgendamento: '1',
      }),
    );
    expect(body.message).toBe('Agendamento cancelado com sucesso.');
    await t.receiver.waitForEvent((e) => e.idAgendamento === kept);
    const sent = await outbox(t.emu.url, t.device.appkey);
    expect(sent.filter((m) => m.agendamento_id === kept)).toHaveLength(1);
    expect(sent.filter((m) => m.agendamento_id === cancelled)).toHaveLength(0);
    expect(t.receiver.events((e) => e.idAgendamento === cancelled)).toHaveLength(0);
    const again = await postJson(t.emu.url, '/api/create-message', {
      ...t.device.keys,
      message: cancelled,
      cancelarAgendamento: true,
    });
    expectError(again, 404, 'Agendamento não encontrado ou já enviado.');
    expectError(
      await postJson(t.emu.url, '/api/create-message', {
        ...t.device.keys,
        message: kept,
        cancelarAgendamento: 'true',
      }),
      404,
    );
    expectError(
      await postJson(t.emu.url, '/api/create-message', {
        ...t.device.keys,
        message: 'agd_desconhecido',
        cancelarAgendamento: true,
      }),
      404,
    );
  });
});

describe('/api/developer extensions', () => {
  it('conecteQR (multipart, "1") creates the device, answers message {qr, id}, and a fresh QR for the same device', async () => {
    const account = await registerAccount(t.emu.url);
    const first = expectOk(
      await postMultipart(t.emu.url, '/api/developer', {
        authkey: account.authkey,
        message: 'loja-qr',
        conecteQR: '1',
      }),
    );
    expect(first.message.qr).toMatch(/^data:image\/png;base64,/);
    expect((await checkDevice(t.emu.url, account.authkey, 'loja-qr')).id).toBe(first.message.id);
    const second = expectOk(
      await postForm(t.emu.url, '/api/developer', { authkey: account.authkey, message: 'loja-qr', conecteQR: 'true' }),
    );
    expect(second.message.id).toBe(first.message.id);
    expect(second.message.qr).not.toBe(first.message.qr);
    await connectDevice(t.emu.url, 'loja-qr');
    expectError(
      await postJson(t.emu.url, '/api/developer', { authkey: account.authkey, message: 'loja-qr', conecteQR: true }),
      409,
      'Dispositivo já conectado.',
    );
  });

  it('desconectar leaves the device, not connected', async () => {
    const account = await registerAccount(t.emu.url);
    const id = expectOk(
      await postJson(t.emu.url, '/api/developer', { authkey: account.authkey, message: 'loja-d', conecteQR: true }),
    ).message.id;
    await connectDevice(t.emu.url, 'loja-d');
    expect(
      expectOk(
        await postMultipart(t.emu.url, '/api/developer', {
          authkey: account.authkey,
          message: 'loja-d',
          desconectar: '1',
        }),
      ).message,
    ).toBe('Dispositivo desconectado com sucesso.');
    expect(await checkDevice(t.emu.url, account.authkey, id)).toMatchObject({ id, conectado: false });
    expectError(
      await postJson(t.emu.url, '/api/developer', {
        authkey: account.authkey,
        message: 'nao-existe',
        desconectar: true,
      }),
      404,
      'Nenhum dispositivo encontrado.',
    );
  });

  it('criarApp makes a second appkey bound to the same device; both send', async () => {
    const body = expectOk(
      await postForm(t.emu.url, '/api/developer', { authkey: t.device.authkey, message: 'ERP', criarApp: t.device.id }),
    );
    expect(body.appkey).toMatch(/^[0-9a-f]{32}$/);
    expect(body.appkey).not.toBe(t.device.appkey);
    for (const appkey of [t.device.appkey, body.appkey]) {
      expectOk(
        await postJson(t.emu.url, '/api/create-message', {
          appkey,
          authkey: t.device.authkey,
          to: CONTACT,
          message: `via ${appkey.slice(0, 4)}`,
        }),
      );
    }
    const texts = (await outbox(t.emu.url, t.device.appkey)).map((m) => m.content.message);
    expect(texts).toEqual(
      expect.arrayContaining([`via ${t.device.appkey.slice(0, 4)}`, `via ${body.appkey.slice(0, 4)}`]),
    );
  });

  it('GerenciarLinks=conectar answers a link the emulator serves, showing the QR page', async () => {
    const account = await registerAccount(t.emu.url);
    expectOk(
      await postJson(t.emu.url, '/api/developer', { authkey: account.authkey, message: 'loja-link', conecteQR: true }),
    );
    const body = expectOk(
      await postJson(t.emu.url, '/api/developer', {
        authkey: account.authkey,
        appkey: 'loja-link',
        message: 'loja-link',
        GerenciarLinks: 'conectar',
      }),
    );
    expect(body.message).toBe(body.link);
    expect(body.link.startsWith(`${t.emu.url}/conectar/`)).toBe(true);
    const page = await fetch(body.link);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toMatch(/<img alt="QR Code" src="data:image\/png;base64,/);
    await connectDevice(t.emu.url, 'loja-link');
    expect(await (await fetch(body.link)).text()).toContain('Dispositivo conectado.');
    expect((await fetch(`${t.emu.url}/conectar/desconhecido`)).status).toBe(404);
  });
});

describe('/api/auth extensions', () => {
  it('registration answers dados beside data; auth=login (form) answers dados with authkey, will_expire, plan_id', async () => {
    const input = registrationBody();
    const registered = expectOk(await postJson(t.emu.url, '/api/auth', input));
    expect(registered.dados).toMatchObject({
      authkey: registered.data.authkey,
      will_expire: registered.data.expiracao,
      plan_id: '1',
    });
    const login = expectOk(
      await postForm(t.emu.url, '/api/auth', {
        auth: 'login',
        email: String(input.email),
        senha: String(input.senha),
        licence: 'x',
      }),
    );
    expect(login.dados).toEqual(registered.dados);
    expect(login.dados.will_expire).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expectError(
      await postJson(t.emu.url, '/api/auth', { auth: 'login', email: input.email, senha: 'errada' }),
      401,
      'E-mail ou senha inválidos.',
    );
  });
});

describe('/api/settings extensions', () => {
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

  it('deleteConversaFluxo forgets what the contact wrote (E17 turns offline), and todos works', async () => {
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

describe('/api/v2/ia/{id}', () => {
  it("reads an agent (authkey in the query string), updates it with PUT, and lists the account's agents", async () => {
    const created = expectOk(
      await postJson(t.emu.url, '/api/v2/ia', { authkey: t.device.authkey, device: t.device.id, agent_name: 'Ana' }),
    );
    const path = `/api/v2/ia/${created.agent_id}?authkey=${t.device.authkey}`;
    const read = expectOk(await getJson(t.emu.url, path)).data;
    expect(read).toMatchObject({
      id: created.agent_id,
      agent_name: 'Ana',
      device_id: t.device.id,
      voice: 'f',
      stop_bot: false,
    });
    const put = await send(t.emu.url, `/api/v2/ia/${created.agent_id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        authkey: t.device.authkey,
        agent_name: 'Ana 2',
        voice: 'm',
        temperature: '0.3',
        work_days: ['seg', 'ter'],
        time_pause: '00:30:00',
        blacklist: [CONTACT],
        stop_bot: '1',
      }),
    });
    expect(expectOk(put)).toMatchObject({
      message: 'Agente de IA atualizado com sucesso',
      data: {
        agent_name: 'Ana 2',
        voice: 'm',
        temperature: 0.3,
        work_days: ['seg', 'ter'],
        time_pause: '00:30:00',
        blacklist: ['5521998765432'],
        stop_bot: true,
      },
    });
    expect(expectOk(await getJson(t.emu.url, path)).data.agent_name).toBe('Ana 2');
    expect(
      expectOk(await getJson(t.emu.url, `/api/v2/ia?authkey=${t.device.authkey}`)).data.map(
        (a: { id: string }) => a.id,
      ),
    ).toContain(created.agent_id);
  });

  it('answers 404 for an unknown agent, 400 naming a bad field, 401 for a bad authkey', async () => {
    expectError(
      await getJson(t.emu.url, `/api/v2/ia/agt_nao?authkey=${t.device.authkey}`),
      404,
      'Agente não encontrado.',
    );
    const created = expectOk(
      await postJson(t.emu.url, '/api/v2/ia', { authkey: t.device.authkey, device: t.device.id, agent_name: 'B' }),
    );
    const put = (body: object) =>
      send(t.emu.url, `/api/v2/ia/${created.agent_id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expectError(await put({ authkey: t.device.authkey, agent_name: 'B', voice: 'x' }), 400, 'Campo inválido: voice.');
    expectError(await put({ authkey: t.device.authkey }), 400, 'validation.required');
    expectError(await getJson(t.emu.url, '/api/v2/ia?authkey=errada'), 401, 'Authkey invalida ou expirada.');
  });
});

describe('CORS and methods', () => {
  it('answers a jQuery preflight from another origin, and every answer carries Access-Control-Allow-Origin', async () => {
    const preflight = await fetch(`${t.emu.url}/api/create-message`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://painel.exemplo.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
    const answer = await fetch(`${t.emu.url}/api/create-message`, {
      method: 'POST',
      headers: { origin: 'https://painel.exemplo.com', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...t.device.keys, to: CONTACT, message: 'do navegador' }),
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const failed = await fetch(`${t.emu.url}/api/create-message`, {
      method: 'POST',
      headers: { origin: 'https://painel.exemplo.com' },
    });
    expect(failed.status).toBe(401);
    expect(failed.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a GET on a service path with 405 and Allow: POST, never running the operation', async () => {
    const before = (await outbox(t.emu.url, t.device.appkey)).length;
    const reply = await getJson(t.emu.url, `${withKeys('/api/create-message')}&to=${CONTACT}&message=via-get`);
    expectError(reply, 405, 'Método não permitido.');
    expect(await outbox(t.emu.url, t.device.appkey)).toHaveLength(before);
  });

  it('names the methods an agent path allows: POST on /api/v2/ia/{id} is 405 with Allow: GET, PUT', async () => {
    const answer = await fetch(`${t.emu.url}/api/v2/ia/agt_qualquer`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, PUT');
    const list = await fetch(`${t.emu.url}/api/v2/ia`, { method: 'PUT', body: '{}' });
    expect(list.status).toBe(405);
    expect(list.headers.get('allow')).toBe('GET, POST');
    const seedPath = await fetch(`${t.emu.url}/api/create-message`, { method: 'DELETE' });
    expect(seedPath.headers.get('allow')).toBe('POST');
  });
});

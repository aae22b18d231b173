// Media sends, replies quoting a message, and cancelling a schedule on /api/create-message (the real service's
// operations there), replayed as the public clients encode them (docs/emulator.md).
import { describe, expect, it } from 'vitest';
import { wallClock, wholeSecondsAhead } from './helpers/clock.js';
import { CONTACT, outbox, useEmulatorWithDevice } from './helpers/fixtures.js';
import { expectError, expectOk, postForm, postJson, postMultipart } from './helpers/http.js';

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

// The control routes the console is made of, over real HTTP: devices and pairing, a chat both ways a page at a time,
// limit warnings, webhook attempts and redelivery, state export and import. Every answer is checked against the
// OpenAPI document by the HTTP helper.
import { describe, expect, it } from 'vitest';
import { ControlClient } from '../../../src/emulator/testing/client.js';
import type { WebhookDelivery } from '../../../src/emulator/control/types.js';
import {
  CONTACT,
  CONTACT_PLAIN,
  addDevice,
  registerAccount,
  sendText,
  useEmulatorWithDevice,
} from './helpers/fixtures.js';
import { expectError, getJson, postJson, type Body } from './helpers/http.js';
import { wallClock } from './helpers/clock.js';

const t = useEmulatorWithDevice({ receiver: true, device: { phone: '+5511987654321' } });
const control = () => new ControlClient(t.emu.url);
const digits = CONTACT.slice(1);

const send = (body: Record<string, unknown>) =>
  postJson(t.emu.url, '/api/create-message', { ...t.device.keys, to: CONTACT, ...body });

describe('devices and pairing', () => {
  it('lists every account with its devices; one not connected shows its QR (SVG) and 8-digit code', async () => {
    const account = await registerAccount(t.emu.url);
    const waiting = await postJson(t.emu.url, '/api/v2/qrcode', {
      authkey: account.authkey,
      setAppkey: 'aguardando',
      phone: '+5521987650000',
    });
    const listed = (await getJson(t.emu.url, '/__emulator/devices')).body.contas as Body[];
    const mine = listed.find((conta) => conta.authkey === account.authkey);
    expect(mine?.dispositivos).toEqual([
      expect.objectContaining({ appkey: 'aguardando', conectado: false, codigo: waiting.body.code }),
    ]);
    expect(listed.find((conta) => conta.authkey === t.device.authkey)?.dispositivos[0]).toMatchObject({
      id: t.device.id,
      conectado: true,
      codigo: null,
    });
    const pairing = (await getJson(t.emu.url, '/__emulator/pairing?appkey=aguardando')).body;
    const id = mine?.dispositivos[0].id as string;
    expect(pairing).toMatchObject({ dispositivo: id, conectado: false, codigo: waiting.body.code });
    expect(pairing.qr.conteudo).toMatch(new RegExp(`^chatbot-emulator:pair:${id}:`));
    expect(pairing.qr.svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    await postJson(t.emu.url, '/__emulator/connect', { appkey: 'aguardando' });
    expect((await getJson(t.emu.url, '/__emulator/pairing?appkey=aguardando')).body).toMatchObject({
      conectado: true,
      qr: null,
      codigo: null,
    });
  });
});

describe('a chat both ways', () => {
  it("shows what the device sent and what the contact sent, in order, with the contact's name", async () => {
    const appkey = (await addDevice(t.emu.url, t.device.authkey)).appkey;
    const keys = { appkey, authkey: t.device.authkey };
    const out = (body: Record<string, unknown>) =>
      postJson(t.emu.url, '/api/create-message', { ...keys, to: CONTACT, ...body });
    await out({ message: 'Olá! Escolha:' });
    const poll = await out({ message: 'Sabor?', opcoes: ['Manga', 'Caju'] });
    await control().inbound(appkey, 'text', { de: CONTACT, nome: 'Ana', mensagem: 'Oi' });
    await control().inbound(appkey, 'poll_vote', {
      de: CONTACT,
      idMensagem: poll.body.data.idMensagem,
      opcoes: ['Caju'],
    });
    const chat = (await getJson(t.emu.url, `/__emulator/chat?appkey=${appkey}&chat=${CONTACT}`)).body;
    expect(chat).toMatchObject({ chat: digits, isGrupo: false, grupo: null, anterior: null, agendados: [] });
    expect(chat.mensagens.map((m: Body) => [m.direction, m.kind])).toEqual([
      ['out', 'text'],
      ['out', 'poll'],
      ['in', 'text'],
      ['in', 'poll_vote'],
    ]);
    expect(chat.mensagens[2]).toMatchObject({ de: digits, nome: 'Ana', content: { mensagem: 'Oi' } });
    expect(chat.mensagens[3].content).toEqual({
      idEnquete: poll.body.data.idMensagem,
      idMensagemOriginal: poll.body.data.idMensagem,
      pergunta: 'Sabor?',
      opcoes: ['Caju'],
    });
    const chats = (await getJson(t.emu.url, `/__emulator/chats?appkey=${appkey}`)).body.conversas;
    expect(chats).toEqual([
      expect.objectContaining({ chat: digits, titulo: 'Ana', mensagens: 4, agendados: 0, previa: 'Voted in a poll' }),
    ]);
  });

  it('names the device by its id as well (`dispositivo`, as a deep link does), or answers why not', async () => {
    const appkey = (await addDevice(t.emu.url, t.device.authkey)).appkey;
    await postJson(t.emu.url, '/api/create-message', { appkey, authkey: t.device.authkey, to: CONTACT, message: 'Oi' });
    const id = (await control().devices()).flatMap((a) => a.dispositivos).find((d) => d.appkey === appkey)?.id;
    const byAppkey = (await getJson(t.emu.url, `/__emulator/chat?appkey=${appkey}&chat=${CONTACT}`)).body;
    const byId = (await getJson(t.emu.url, `/__emulator/chat?dispositivo=${id}&chat=${CONTACT}`)).body;
    expect(byId.mensagens.map((m: Body) => m.content.message)).toEqual(['Oi']);
    expect(byId).toEqual(byAppkey);
    const unknown = await getJson(t.emu.url, `/__emulator/chat?dispositivo=dev_0000000000000000&chat=${CONTACT}`);
    expectError(unknown, 404, 'Nenhum dispositivo encontrado.');
    const blank = await getJson(t.emu.url, `/__emulator/chat?dispositivo=&appkey=${appkey}&chat=${CONTACT}`);
    expectError(blank, 400, 'Campo obrigatório ausente ou inválido: dispositivo.');
    expectError(
      await getJson(t.emu.url, `/__emulator/chat?chat=${CONTACT}`),
      400,
      'Campo obrigatório ausente ou inválido: appkey.',
    );
  });

  it('pages back with `before` until `anterior` is null, nothing lost or repeated', async () => {
    const appkey = (await addDevice(t.emu.url, t.device.authkey)).appkey;
    for (let i = 1; i <= 5; i++) {
      await postJson(t.emu.url, '/api/create-message', {
        appkey,
        authkey: t.device.authkey,
        to: CONTACT_PLAIN,
        message: `m${i}`,
      });
    }
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await control().chat(appkey, CONTACT_PLAIN, { limit: 2, ...(before ? { before } : {}) });
      seen.unshift(...page.mensagens.map((m) => String('message' in m.content ? m.content.message : undefined)));
      if (page.anterior === null) break;
      before = page.anterior;
    }
    expect(seen).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expectError(await getJson(t.emu.url, `/__emulator/chat?appkey=${appkey}&chat=${CONTACT}&before=x`), 400);
    expectError(await getJson(t.emu.url, `/__emulator/chat?appkey=${appkey}&chat=${CONTACT}&limit=501`), 400);
    expectError(await getJson(t.emu.url, `/__emulator/chat?appkey=${appkey}&chat=oi`), 400);
  });

  it('shows a schedule pending with its time, then delivered as a message that names it', async () => {
    const { now } = await control().clock.now();
    const at = wallClock(new Date(now.getTime() + 3_600_000), 'America/Sao_Paulo');
    const scheduled = await send({ message: 'Lembrete', agendamento: at });
    const pending = await control().chat(t.device.appkey, CONTACT);
    expect(pending.agendados).toEqual([
      expect.objectContaining({ id: scheduled.body.agendamento_id, agendamento: at, message: 'Lembrete', file: null }),
    ]);
    await control().clock.advance('2h');
    const sent = await control().chat(t.device.appkey, CONTACT);
    expect(sent.agendados).toEqual([]);
    expect(sent.mensagens.at(-1)).toMatchObject({ kind: 'text', agendamento_id: scheduled.body.agendamento_id });
    await control().clock.reset();
  });

  it("names the app's limits a sent message breaks, each by its rule", async () => {
    const appkey = (await addDevice(t.emu.url, t.device.authkey)).appkey;
    const send = (body: Record<string, unknown>) =>
      postJson(t.emu.url, '/api/create-message', { appkey, authkey: t.device.authkey, to: CONTACT, ...body });
    const reply = (n: number) => ({ type: 'replyButton', displaytext: `Opção ${n}` });
    await send({ message: 'Escolha', buttons: [1, 2, 3, 4].map(reply) });
    await send({ message: 'x'.repeat(4097) });
    await send({
      message: 'Cards',
      cards: [
        {
          title: 'A',
          buttons: [{ type: 'quickReplyButton', displaytext: 'Um texto longo demais para botão', id: 'a' }],
        },
      ],
    });
    const messages = (await control().chat(appkey, CONTACT)).mensagens;
    const rules = messages.map((m) => m.avisos.map((w) => w.regra).sort());
    expect(rules).toEqual([
      ['reply-buttons-shown'],
      ['text-length'],
      ['button-text-length', 'carousel-card-image', 'carousel-cards'],
    ]);
    expect(messages[1]?.avisos[0]?.texto).toContain('4097');
  });
});

describe('webhook attempts and redelivery', () => {
  it('lists each attempt with the status and the retry; redelivery queues the same event again', async () => {
    // By its text: an earlier test's event still on its way to this shared receiver must not take the failure.
    t.receiver.failMatching((event) => event.mensagem === 'tentativas');
    const sent = await sendText(t.emu.url, t.device, CONTACT, 'tentativas');
    const id = sent.body.data.idMensagem as string;
    await t.receiver.waitForEvent((event) => event.idMessagem === id);
    // The receiver has the event before the emulator has its answer: the attempt is written once the delivery is.
    const delivered = (d: WebhookDelivery) => d.evento.idMessagem === id && d.estado === 'delivered';
    await control().waitForWebhook(t.device.appkey, delivered);
    const attempts = (await control().attempts(t.device.appkey)).filter((a) => a.idMessagem === id);
    expect(attempts.map((a) => [a.tentativa, a.httpStatus, a.erro, a.proxima === null])).toEqual([
      [1, 500, 'HTTP 500', false],
      [2, 200, null, true],
    ]);
    // Each attempt's real latency, in whole milliseconds (never the test clock's).
    expect(attempts.every((a) => Number.isInteger(a.latenciaMs) && (a.latenciaMs ?? -1) >= 0)).toBe(true);
    const entrega = attempts[0]?.entrega ?? 0;
    const again = await postJson(t.emu.url, '/__emulator/webhooks/redeliver', { id: entrega });
    expect(again.body.entrega).toBeGreaterThan(entrega);
    expect(await t.receiver.waitForEvents((event) => event.idMessagem === id, 2)).toHaveLength(2);
    await control().waitForWebhook(t.device.appkey, (d) => d.id === again.body.entrega && d.estado === 'delivered');
    expect(await control().attempts(t.device.appkey, again.body.entrega)).toEqual([
      expect.objectContaining({ entrega: again.body.entrega, tentativa: 1, httpStatus: 200, evento: 'text' }),
    ]);
    expectError(
      await postJson(t.emu.url, '/__emulator/webhooks/redeliver', { id: 999999 }),
      404,
      'Entrega não encontrada.',
    );
  });
});

describe('state export and import', () => {
  it('carries every table and the moved clock in one document, and puts them back after a reset', async () => {
    await sendText(t.emu.url, t.device, CONTACT, 'guardado no estado');
    await control().clock.set('2031-05-01T12:00:00Z');
    const exported = (await getJson(t.emu.url, '/__emulator/state')).body;
    expect(exported).toMatchObject({ formato: 'chatbot-emulator-state', relogio: { alterado: true } });
    expect(exported.tabelas.devices.map((d: Body) => d.appkey)).toContain(t.device.appkey);
    const { status: _status, ...document } = exported;
    await control().reset();
    expect((await control().devices()).length).toBe(0);
    const imported = await postJson(t.emu.url, '/__emulator/state', document);
    expect(imported.body).toMatchObject({ status: 200, message: 'Estado importado.' });
    expect(imported.body.linhas).toBeGreaterThan(3);
    const texts = (await control().outbox(t.device.appkey)).map((m) => m.content.message);
    expect(texts).toContain('guardado no estado');
    expect((await control().clock.now()).now.toISOString().slice(0, 13)).toBe('2031-05-01T12');
    await control().clock.reset();
  });

  it("imports a document exported by an older emulator: its rows take the newer columns' defaults", async () => {
    const { status: _status, ...document } = (await getJson(t.emu.url, '/__emulator/state')).body;
    const tabelas = document.tabelas as Record<string, Body[]>;
    const sent = tabelas.messages ?? [];
    expect(sent.length).toBeGreaterThan(0);
    // As version 5 exported it: no origin on the messages (migration 6 added the column).
    const older = {
      ...document,
      versao: 5,
      tabelas: { ...tabelas, messages: sent.map(({ origem: _origem, ...row }) => row) },
    };
    const answer = await postJson(t.emu.url, '/__emulator/state', older);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const again = (await getJson(t.emu.url, '/__emulator/state')).body.tabelas as Record<string, Body[]>;
    expect(again.messages?.map((row) => row.origem)).toEqual(sent.map(() => 'api'));
  });

  it('refuses a document of another format, version or table, and changes nothing', async () => {
    const { status: _status, ...document } = (await getJson(t.emu.url, '/__emulator/state')).body;
    for (const broken of [
      { ...document, formato: 'outro' },
      { ...document, versao: 99 },
      { ...document, versao: 0 },
      { ...document, versao: '6' },
      { ...document, tabelas: { segredos: [] } },
      { ...document, tabelas: { devices: [{ coluna_que_nao_existe: 1 }] } },
    ]) {
      const answer = await postJson(t.emu.url, '/__emulator/state', broken);
      expectError(answer, 400);
      expect(answer.body.message).toMatch(/^Estado inválido: /);
    }
    expect((await control().outbox(t.device.appkey)).length).toBeGreaterThan(0);
  });
});

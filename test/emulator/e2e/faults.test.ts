import { afterEach, describe, expect, it } from 'vitest';
import {
  accountWithDevice,
  CONTACT,
  CONTACT_PLAIN,
  outbox,
  sendText,
  useTestEmulator,
  type Device,
} from './helpers/fixtures.js';
import { expectError, expectOk, getJson, postJson, show, type Body } from './helpers/http.js';
import { rawRequest } from './helpers/raw-request.js';

const t = useTestEmulator();

async function addFault(rule: Record<string, unknown>): Promise<Body> {
  const reply = await postJson(t.emu.url, '/__emulator/faults', rule);
  expect(reply.status, show(reply.body)).toBe(200);
  return reply.body.falha as Body;
}

afterEach(async () => {
  expectOk(await postJson(t.emu.url, '/__emulator/faults/clear', {}));
});

function sendPoll(device: Device, to: string) {
  return postJson(t.emu.url, '/api/create-message', { ...device.keys, to, message: 'Q?', opcoes: ['A', 'B'] });
}

describe('fault rules', () => {
  it('a rule on (operation, appkey, to) changes exactly the matching requests and nothing else', async () => {
    const [hit, other] = [await accountWithDevice(t.emu.url), await accountWithDevice(t.emu.url)];
    await addFault({ operation: 'sendText', appkey: hit.appkey, to: CONTACT, error: 'license' });

    expectError(await sendText(t.emu.url, hit, CONTACT, 'blocked'), 403, 'Licença inválida ou expirada.');
    expectOk(await sendText(t.emu.url, hit, CONTACT_PLAIN, 'other recipient'));
    expectOk(await sendText(t.emu.url, other, CONTACT, 'other device'));
    expectOk(await sendPoll(hit, CONTACT));

    const sent = (await outbox(t.emu.url, hit.appkey)).map((m) => m.content.message as string);
    expect(sent).toEqual(['other recipient', 'Q?']);
  });

  it('matches by path, for every operation on it, and never the control API', async () => {
    const device = await accountWithDevice(t.emu.url);
    await addFault({ path: '/api/settings', status: 500, message: 'Falhou.' });
    expectError(
      await postJson(t.emu.url, '/api/settings', { ...device.keys, message: false, to: CONTACT, obterStatus: true }),
      500,
      'Falhou.',
    );
    expectOk(await sendText(t.emu.url, device, CONTACT, 'still fine'));
    await addFault({ error: 'internal' });
    expectOk(await postJson(t.emu.url, '/__emulator/connect', { appkey: device.appkey }));
    expectOk(await getJson(t.emu.url, '/__emulator/health'));
  });

  it('times: fails the next N matching requests only, then the rule is gone', async () => {
    const device = await accountWithDevice(t.emu.url);
    const rule = await addFault({ appkey: device.appkey, error: 'rate-limit', times: 2 });
    expect(rule.remaining).toBe(2);
    expectError(await sendText(t.emu.url, device, CONTACT, 'one'), 429);
    expectError(await sendText(t.emu.url, device, CONTACT, 'two'), 429);
    expectOk(await sendText(t.emu.url, device, CONTACT, 'three'));
    const listed = expectOk(await getJson(t.emu.url, '/__emulator/faults'));
    expect(listed.falhas).toEqual([]);
  });

  it('http200: the status line says 200 while the body carries the error', async () => {
    const device = await accountWithDevice(t.emu.url);
    await addFault({ appkey: device.appkey, error: 'internal', http200: true });
    const raw = await rawRequest(
      t.emu.url,
      '/api/create-message',
      'POST',
      { 'content-type': 'application/json' },
      JSON.stringify({ ...device.keys, to: CONTACT, message: 'x' }),
    );
    expect(raw.status).toBe(200);
    expect(JSON.parse(raw.text)).toEqual({ status: 500, message: 'Erro interno do servidor.' });
    expect(await outbox(t.emu.url, device.appkey)).toEqual([]);
  });

  it('drop: the connection closes without an answer and nothing is sent', async () => {
    const device = await accountWithDevice(t.emu.url);
    await addFault({ appkey: device.appkey, drop: true, times: 1 });
    await expect(sendText(t.emu.url, device, CONTACT, 'lost')).rejects.toThrow();
    expect(await outbox(t.emu.url, device.appkey)).toEqual([]);
    expectOk(await sendText(t.emu.url, device, CONTACT, 'after'));
  });

  it('delayMs takes the duration grammar (numbers still milliseconds), and its 400 states the grammar', async () => {
    expect((await addFault({ to: '+5500000000701', delayMs: '1500ms' })).delayMs).toBe(1500);
    expect((await addFault({ to: '+5500000000702', delayMs: '1m30s' })).delayMs).toBe(90_000);
    expect((await addFault({ to: '+5500000000703', delayMs: 250 })).delayMs).toBe(250);
    const grammar = 'uma duração (500ms, 90s, 15m, 2h, 1d ou combinações como 1h30m) ou milissegundos';
    const soon = await postJson(t.emu.url, '/__emulator/faults', { delayMs: 'soon' });
    expectError(soon, 400, `Campo inválido: delayMs. Use ${grammar}, até 120 s.`);
    expectError(await postJson(t.emu.url, '/__emulator/faults', { delayMs: '3m' }), 400);
  });

  it('delay alone: the request waits, then runs as usual', async () => {
    const device = await accountWithDevice(t.emu.url);
    const rule = await addFault({ appkey: device.appkey, delayMs: 50, times: 1 });
    expectOk(await sendText(t.emu.url, device, CONTACT, 'late'));
    expect((await outbox(t.emu.url, device.appkey)).map((m) => m.content.message)).toEqual(['late']);
    const log = expectOk(await getJson(t.emu.url, `/__emulator/requests?appkey=${device.appkey}`));
    expect(log.requisicoes.at(-1).fault).toBe(rule.id);
  });

  it('lists, removes one rule by id, and rejects bad rules naming the valid choices', async () => {
    const rule = await addFault({ path: '/api/groups', error: 'unavailable' });
    expect((expectOk(await getJson(t.emu.url, '/__emulator/faults')).falhas as Body[]).map((r) => r.id)).toEqual([
      rule.id,
    ]);
    expectOk(await postJson(t.emu.url, '/__emulator/faults/remove', { id: rule.id }));
    expectError(
      await postJson(t.emu.url, '/__emulator/faults/remove', { id: rule.id }),
      404,
      'Regra de falha não encontrada.',
    );
    const badName = await postJson(t.emu.url, '/__emulator/faults', { error: 'oops' });
    expectError(badName, 400);
    expect(badName.body.message).toContain('license');
    expectError(await postJson(t.emu.url, '/__emulator/faults', { path: '/api/nope', error: 'internal' }), 400);
    expectError(await postJson(t.emu.url, '/__emulator/faults', { operation: 'sendText' }), 400);
    expectError(await postJson(t.emu.url, '/__emulator/faults', { drop: true, error: 'internal' }), 400);
  });
});

describe('magic recipients', () => {
  it.each([
    ['+5500000000500', 500, 'Erro interno do servidor.'],
    ['+5500000000503', 503, 'Serviço indisponível. Tente novamente em instantes.'],
    ['+5500000000403', 403, 'Licença inválida ou expirada.'],
    ['+5500000000429', 429, 'Muitas requisições. Tente novamente em instantes.'],
    ['+5500000000404', 404, 'Nenhum dispositivo conectado encontrado'],
  ])('%s always answers %i', async (to, status, message) => {
    const device = await accountWithDevice(t.emu.url);
    expectError(await sendText(t.emu.url, device, to, 'x'), status, message);
    expectError(await sendPoll(device, to), status, message);
    expect(await outbox(t.emu.url, device.appkey)).toEqual([]);
  });

  it('+5500000000200 answers HTTP 200 with a 500 body', async () => {
    const device = await accountWithDevice(t.emu.url);
    const raw = await rawRequest(
      t.emu.url,
      '/api/create-message',
      'POST',
      { 'content-type': 'application/json' },
      JSON.stringify({ ...device.keys, to: '+5500000000200', message: 'x' }),
    );
    expect([raw.status, JSON.parse(raw.text)]).toEqual([200, { status: 500, message: 'Erro interno do servidor.' }]);
  });

  it('+5500000000000 drops the connection', async () => {
    const device = await accountWithDevice(t.emu.url);
    await expect(sendText(t.emu.url, device, '+5500000000000', 'x')).rejects.toThrow();
    expect(await outbox(t.emu.url, device.appkey)).toEqual([]);
  });

  it('a fault rule wins over a magic recipient', async () => {
    const device = await accountWithDevice(t.emu.url);
    await addFault({ to: '+5500000000500', delayMs: 0 });
    expectOk(await sendText(t.emu.url, device, '+5500000000500', 'through'));
  });
});

import { describe, expect, it } from 'vitest';
import {
  accountWithDevice,
  CONTACT,
  createTemplate,
  outbox,
  registrationBody,
  sendText,
  useEmulatorWithDevice,
} from './helpers/fixtures.js';
import { expectError, expectOk, getJson, postJson, send, show } from './helpers/http.js';
import { rawRequest } from './helpers/raw-request.js';

const logLines: string[] = [];
const t = useEmulatorWithDevice({ emulator: { log: (line) => logLines.push(line) } });

const JSON_TYPE = { 'content-type': 'application/json' };
const rawJson = (path: string, text: string) =>
  send(t.emu.url, path, { method: 'POST', headers: JSON_TYPE, body: text });

/** Each path's missing-field error, which is what a body with no readable fields gets. */
const NO_FIELDS: Array<[string, number, string]> = [
  ['/api/auth', 401, 'validation.required'],
  ['/api/v2/ia', 400, 'validation.required'],
  ['/api/v2/qrcode', 400, 'Parâmetros inválidos.'],
  ['/api/create-message', 401, 'validation.required'],
  ['/api/groups', 401, 'validation.required'],
  ['/api/settings', 401, 'validation.required'],
  ['/api/developer', 401, 'validation.required'],
];

describe('bad input never crashes it and never yields a 5xx', () => {
  it.each([
    ['malformed JSON', '{"authkey": "x", '],
    ['an empty body', ''],
    ['JSON null', 'null'],
    ['a JSON array', '[1,2,3]'],
    ['a JSON number', '42'],
    ['a JSON string', '"registrar"'],
    ['deeply nested JSON', `{"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}`],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]).toString('latin1')],
  ])('%s: each path’s missing-field error', async (_label, text) => {
    for (const [path, status, message] of NO_FIELDS) expectError(await rawJson(path, text), status, message);
  });

  it.each([
    ['message as a number', { to: CONTACT, message: 12345 }],
    ['message as an object', { to: CONTACT, message: { texto: 'oi' } }],
    ['to as a number', { to: 5521998765432, message: 'oi' }],
    ['to as an array', { to: [CONTACT], message: 'oi' }],
    ['to as null', { to: null, message: 'oi' }],
    ['opcoes with non-strings', { message: 'Q?', to: CONTACT, opcoes: [1, { a: 2 }] }],
    ['cards as an object', { to: CONTACT, message: 'c', cards: { a: 1 } }],
    ['buttons as a number', { to: CONTACT, message: 'b', buttons: 3 }],
    ['variables as a number', { to: CONTACT, template_id: 'tpl_000000000000', variables: 7 }],
    ['appkey as an object', { appkey: { $ne: '' }, to: CONTACT, message: 'oi' }],
  ])('wrong type (%s): 401 validation.required', async (_label, body) => {
    expectError(
      await postJson(t.emu.url, '/api/create-message', { ...t.device.keys, ...body }),
      401,
      'validation.required',
    );
  });

  it('authkey as an object: 401 validation.required', async () => {
    expectError(
      await postJson(t.emu.url, '/api/developer', { authkey: { $ne: '' }, message: false, dispositivos: true }),
      401,
      'validation.required',
    );
  });

  it('a body over 1 MiB: 413 Corpo da requisição muito grande.', async () => {
    const huge = JSON.stringify({ ...t.device.keys, to: CONTACT, message: 'x'.repeat(1024 * 1024 + 10) });
    const reply = await rawRequest(t.emu.url, '/api/create-message', 'POST', JSON_TYPE, huge);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text)).toEqual({ status: 413, message: 'Corpo da requisição muito grande.' });
  });

  it('a body just under 1 MiB is accepted', async () => {
    const text = 'y'.repeat(1000 * 1000);
    expectOk(await sendText(t.emu.url, t.device, CONTACT, text));
    expect((await outbox(t.emu.url, t.device.appkey)).some((m) => m.content.message === text)).toBe(true);
  });

  it.each([
    ['an unknown path', 'POST', '/api/nao-existe'],
    ['a path outside the API', 'POST', '/qualquer/coisa'],
    ['GET on an unknown path', 'GET', '/api/v3/qrcode'],
  ])('%s: 404 Rota não encontrada.', async (_label, method, path) => {
    const reply = await send(
      t.emu.url,
      path,
      method === 'POST' ? { method, headers: JSON_TYPE, body: '{}' } : { method },
    );
    expectError(reply, 404, 'Rota não encontrada.');
  });

  it.each(['GET', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'])(
    '%s on a service path: 405 Método não permitido.',
    async (method) => {
      expectError(await send(t.emu.url, '/api/create-message', { method }), 405, 'Método não permitido.');
    },
  );

  it('accepts a path ending with /', async () => {
    expectOk(
      await postJson(t.emu.url, '/api/create-message/', { ...t.device.keys, to: CONTACT, message: 'barra-final' }),
    );
  });

  it.each([
    ['__proto__ at the top level', '{"__proto__": {"poluido": true, "status": 500}, "auth": "registrar"}'],
    ['constructor.prototype', '{"constructor": {"prototype": {"poluido": true}}, "auth": "registrar"}'],
    ['__proto__ as an authkey', '{"authkey": "__proto__", "message": false, "dispositivos": true}'],
  ])('%s: a clean 4xx and no pollution', async (_label, text) => {
    for (const path of ['/api/auth', '/api/create-message', '/api/developer']) {
      const reply = await rawJson(path, text);
      expect(reply.status, show(reply.body)).toBeGreaterThanOrEqual(400);
      expect(reply.status, show(reply.body)).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).poluido).toBeUndefined();
  });

  it('treats __proto__ and constructor as plain data: template variables with those names fill their placeholders', async () => {
    const templateId = await createTemplate(
      t.emu.url,
      t.device.authkey,
      'A {{__proto__}} B {{constructor}} C {{nome}}',
    );
    const text =
      `{"appkey":"${t.device.appkey}","authkey":"${t.device.authkey}","to":"${CONTACT}","template_id":"${templateId}",` +
      '"variables":{"__proto__":"um","constructor":"dois","nome":"tres"}}';
    const body = expectOk(await rawJson('/api/create-message', text));
    const entry = (await outbox(t.emu.url, t.device.appkey)).find((m) => m.id === body.data.idMensagem);
    expect(entry?.content.message).toBe('A um B dois C tres');
    expect(({} as Record<string, unknown>).poluido).toBeUndefined();
  });

  it('__proto__ keys in a form body are plain data', async () => {
    const reply = await send(t.emu.url, '/api/create-message', {
      method: 'POST',
      body: new URLSearchParams({
        ...t.device.keys,
        '__proto__[poluido]': '1',
        'constructor[prototype][poluido]': '1',
      }),
    });
    expectError(reply, 401, 'validation.required');
    expect(({} as Record<string, unknown>).poluido).toBeUndefined();
  });

  it('never writes the query string (which may hold keys) to the log', async () => {
    await postJson(t.emu.url, `/api/create-message?authkey=${t.device.authkey}&appkey=${t.device.appkey}`, {
      to: CONTACT,
      message: 'log',
    });
    expect(logLines.some((line) => /^POST \/api\/create-message 200 \d+ms sendText$/.test(line))).toBe(true);
    expect(logLines.join('\n')).not.toContain(t.device.authkey);
  });

  it('still serves normal requests after all of the above', async () => {
    expect((await getJson(t.emu.url, '/__emulator/health')).status).toBe(200);
    expectOk(await sendText(t.emu.url, t.device, CONTACT, 'ainda-vivo'));
    expectOk(await postJson(t.emu.url, '/api/auth', registrationBody()));
  });
});

describe('concurrent requests', () => {
  it('registers one account when the same e-mail arrives twice at once; the other gets 409', async () => {
    const input = registrationBody();
    const replies = await Promise.all(Array.from({ length: 6 }, () => postJson(t.emu.url, '/api/auth', input)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('gives 50 simultaneous sends 50 distinct ids, all in the outbox', async () => {
    const own = await accountWithDevice(t.emu.url);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => sendText(t.emu.url, own, CONTACT, `paralelo-${i}`)),
    );
    const ids = replies.map((r) => expectOk(r).data.idMensagem);
    expect(new Set(ids).size).toBe(50);
    expect((await outbox(t.emu.url, own.appkey)).map((m) => m.id).sort()).toEqual([...ids].sort());
  });

  it('creates one device when the same setAppkey is paired twice at once', async () => {
    const own = await accountWithDevice(t.emu.url);
    const pair = () =>
      postJson(t.emu.url, '/api/v2/qrcode', { authkey: own.authkey, setAppkey: 'mesmo-nome-paralelo' });
    const replies = await Promise.all([pair(), pair(), pair()]);
    for (const reply of replies) expectOk(reply);
    const listed = expectOk(
      await postJson(t.emu.url, '/api/developer', { authkey: own.authkey, message: false, dispositivos: true }),
    );
    expect(listed.dispositivos.filter((d: { nome: string }) => d.nome === 'mesmo-nome-paralelo')).toHaveLength(1);
  });
});

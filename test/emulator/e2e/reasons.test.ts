// Every refusal on a service route explains itself: an English reason in the request log and in the answer's
// X-Emulator-Reason header, while the answer's body and status stay exactly the service's.
import { describe, expect, it } from 'vitest';
import { addDevice, CONTACT, registerAccount, useTestEmulator, type Device } from './helpers/fixtures.js';
import { expectOk, getJson, postJson, type Body } from './helpers/http.js';

const t = useTestEmulator();

interface Refusal {
  status: number;
  headers: Headers;
  body: Body;
}

async function call(path: string, init: RequestInit): Promise<Refusal> {
  const res = await fetch(t.emu.url + path, init);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
}

function post(body: unknown, path = '/api/create-message'): Promise<Refusal> {
  return call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function lastLogged(): Promise<Body> {
  const log = expectOk(await getJson(t.emu.url, '/__emulator/requests')).requisicoes as Body[];
  return log.at(-1) as Body;
}

/** The refusal's answer is exactly the service's; its reason is in the log and (percent-encoded) in the header. */
async function expectRefusal(reply: Refusal, body: Body, reason: string | RegExp): Promise<string> {
  expect(reply.body).toEqual(body);
  expect(reply.status).toBe(body.status);
  const logged = await lastLogged();
  expect(logged.reason).toEqual(typeof reason === 'string' ? reason : expect.stringMatching(reason));
  const header = reply.headers.get('x-emulator-reason');
  expect(header).toMatch(/^[\x20-\x7e]+$/);
  expect(decodeURIComponent(header ?? '')).toBe(logged.reason);
  return logged.reason as string;
}

const VALIDATION = { status: 401, message: 'validation.required' };
const masked = (key: string) => `${key.slice(0, 4)}…(${key.length})`;
const local = (email: string) => `${email.split('@')[0]}@…`;

describe('reasons of refusals', () => {
  let device: Device;
  let email: string;

  it('names the field by its path: a button without displaytext, a to that is no number', async () => {
    const account = await registerAccount(t.emu.url);
    email = account.email;
    device = await addDevice(t.emu.url, account.authkey);
    const buttons = [{ type: 'replyButton', displaytext: 'Sim' }, { type: 'replyButton' }];
    await expectRefusal(
      await post({ ...device.keys, to: CONTACT, message: 'Escolha', buttons }),
      VALIDATION,
      'buttons[1].displaytext is missing',
    );
    await expectRefusal(
      await post({ ...device.keys, to: 'abc', message: 'Oi' }),
      VALIDATION,
      'to "abc" is not a phone number or group id',
    );
    await expectRefusal(await post({ ...device.keys, to: CONTACT }), VALIDATION, 'message is missing');
  });

  it('says whose keys are wrong, masked: an unknown authkey, another account’s appkey, an unknown appkey', async () => {
    const wrong = 'chave-errada-0000000000000000000000000000';
    const unknownKey = await expectRefusal(
      await post({ authkey: wrong, appkey: device.appkey, to: CONTACT, message: 'Oi' }),
      { status: 401, message: 'Authkey inválida ou não encontrada.' },
      `authkey ${masked(wrong)} is not an account of this emulator; device ${masked(device.appkey)} belongs to account ${local(email)}`,
    );
    expect(unknownKey).not.toContain(wrong);
    expect(unknownKey).not.toContain(device.appkey);
    const other = await registerAccount(t.emu.url);
    await expectRefusal(
      await post({ authkey: other.authkey, appkey: device.appkey, to: CONTACT, message: 'Oi' }),
      { status: 404, message: 'Nenhum dispositivo encontrado.' },
      `appkey ${masked(device.appkey)} is another account's: device ${masked(device.appkey)} belongs to account ` +
        `${local(email)}, not to ${local(other.email)} (the authkey's)`,
    );
    await expectRefusal(
      await post({ authkey: device.authkey, appkey: 'appkey-que-nao-existe-123', to: CONTACT, message: 'Oi' }),
      { status: 404, message: 'Nenhum dispositivo encontrado.' },
      'appkey appk…(25) is not a device of this emulator',
    );
  });

  it('says the bound, the device that is not connected, the template that is not there', async () => {
    const opcoes = Array.from({ length: 13 }, (_, i) => `Opção ${i + 1}`);
    await expectRefusal(
      await post({ ...device.keys, to: CONTACT, message: 'Qual?', opcoes }),
      { status: 403, message: 'A enquete pode ter no máximo 12 opcoes' },
      'opcoes: a poll has 13 options; the limit is 12',
    );
    const idle = await addDevice(t.emu.url, device.authkey, { connect: false });
    await expectRefusal(
      await post({ ...idle.keys, to: CONTACT, message: 'Qual?', opcoes: ['a', 'b'] }),
      { status: 404, message: 'Nenhum dispositivo conectado encontrado' },
      `device ${masked(idle.appkey)} is not connected`,
    );
    await expectRefusal(
      await post({ ...device.keys, to: CONTACT, template_id: 'tpl-nenhum', variables: {} }),
      { status: 404, message: 'Template não encontrado.' },
      `template_id "tpl-nenhum" is not a template of account ${local(email)}`,
    );
  });

  it('names the fault rule and the magic recipient that answered', async () => {
    expectOk(await postJson(t.emu.url, '/__emulator/faults', { operation: 'sendText', error: 'rate-limit', times: 3 }));
    const rateLimited = { status: 429, message: 'Muitas requisições. Tente novamente em instantes.' };
    const rule = (await lastRuleId()) as string;
    await expectRefusal(
      await post({ ...device.keys, to: CONTACT, message: 'Oi' }),
      rateLimited,
      `fault rule ${rule} (sendText → 429, 2 left)`,
    );
    expectOk(await postJson(t.emu.url, '/__emulator/faults/clear', {}));
    await expectRefusal(
      await post({ ...device.keys, to: '+5500000000429', message: 'Oi' }),
      rateLimited,
      'magic recipient 5500000000429 (→ 429)',
    );
  });

  it('says what a wrong method or an unknown path is; a success has no reason and no header', async () => {
    await expectRefusal(
      await call('/api/create-message', { method: 'GET' }),
      { status: 405, message: 'Método não permitido.' },
      '/api/create-message takes POST, not GET',
    );
    await expectRefusal(
      await call('/api/nada', { method: 'POST' }),
      { status: 404, message: 'Rota não encontrada.' },
      '/api/nada is not a path of the service',
    );
    const ok = await post({ ...device.keys, to: CONTACT, message: 'Oi' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-emulator-reason')).toBeNull();
    expect((await lastLogged()).reason).toBeNull();
  });

  it('lets a page on another origin read the header', async () => {
    const reply = await call('/api/create-message', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://admin.example' },
      body: JSON.stringify({ ...device.keys, to: 'abc', message: 'Oi' }),
    });
    expect(reply.headers.get('access-control-expose-headers')).toBe('X-Emulator-Reason');
    expect(reply.headers.get('x-emulator-reason')).toBe('to "abc" is not a phone number or group id');
  });

  it('cuts a reason a hostile body made long, so that the header stays one HTTP clients take', async () => {
    const flags = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`flag${i}`, 'true']));
    const reply = await post({ authkey: 'x'.repeat(40), message: 'loja', ...flags }, '/api/developer');
    expect(reply.status).toBeGreaterThanOrEqual(400);
    const logged = await lastLogged();
    expect(logged.reason).toMatch(/… \(cut\)$/);
    expect((logged.reason as string).length).toBeLessThanOrEqual(600 + '… (cut)'.length);
    expect(decodeURIComponent(reply.headers.get('x-emulator-reason') ?? '')).toBe(logged.reason);
  });
});

async function lastRuleId(): Promise<unknown> {
  const rules = expectOk(await getJson(t.emu.url, '/__emulator/faults')).falhas as Body[];
  return rules.at(-1)?.id;
}

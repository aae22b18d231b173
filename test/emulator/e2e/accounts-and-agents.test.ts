import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountWithDevice,
  minimumEntropyBits,
  registerAccount,
  registrationBody,
  useTestEmulator,
  type Device,
} from './helpers/fixtures.js';
import { wallClock } from './helpers/clock.js';
import { expectError, expectOk, postJson } from './helpers/http.js';

const t = useTestEmulator();

describe('register (POST /api/auth)', () => {
  it('returns the account with a fresh authkey, the input fields, and never the password', async () => {
    const input = registrationBody({ nome: 'João Pereira', telefone: '+5581989769960', plano: '2' });
    const body = expectOk(await postJson(t.emu.url, '/api/auth', input));
    expect(body.message).toBe('Usuário registrado com sucesso.');
    const data = body.data;
    expect(data).toMatchObject({ nome: 'João Pereira', email: input.email, telefone: '+5581989769960', plano: '2' });
    expect(data.expiracao).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const days =
      (Date.parse(data.expiracao) - Date.parse(wallClock(new Date(), 'America/Sao_Paulo').slice(0, 10))) / 86_400_000;
    expect(days).toBe(365);
    expect(data.authkey).toMatch(/^[0-9a-f]{40}$/);
    expect(typeof data.authkey).toBe('string');
    expect(data).not.toHaveProperty('senha');
    expect(JSON.stringify(body)).not.toContain(String(input.senha));
  });

  it('issues distinct keys of at least 128 bits to different accounts', async () => {
    const keys = await Promise.all([1, 2, 3].map(async () => (await registerAccount(t.emu.url)).authkey));
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(minimumEntropyBits(key)).toBeGreaterThanOrEqual(128);
  });

  it('rejects a second registration with the same e-mail: 409', async () => {
    const first = await registerAccount(t.emu.url);
    const reply = await postJson(t.emu.url, '/api/auth', registrationBody({ email: first.email }));
    expectError(reply, 409, 'Usuario ja registrado com este e-mail.');
  });

  it('compares e-mails case-insensitively', async () => {
    const first = await registerAccount(t.emu.url);
    const reply = await postJson(t.emu.url, '/api/auth', registrationBody({ email: first.email.toUpperCase() }));
    expectError(reply, 409, 'Usuario ja registrado com este e-mail.');
  });

  it('accepts a plan ID sent as a JSON number, as PHP clients send it, and returns it as text', async () => {
    const body = expectOk(await postJson(t.emu.url, '/api/auth', registrationBody({ plano: 3 })));
    expect(body.data.plano).toBe('3');
  });

  it('auth other than registrar: 401 validation.required', async () => {
    expectError(
      await postJson(t.emu.url, '/api/auth', registrationBody({ auth: 'cadastrar' })),
      401,
      'validation.required',
    );
  });

  const required = ['email', 'senha', 'nome', 'telefone', 'plano'];
  it.each(required)('missing %s: 401 validation.required', async (field) => {
    const input = registrationBody();
    Reflect.deleteProperty(input, field);
    expectError(await postJson(t.emu.url, '/api/auth', input), 401, 'validation.required');
  });

  it.each([
    ['e-mail that is not an e-mail', { email: 'nao-e-um-email' }],
    ['empty name', { nome: '' }],
    ['number as password', { senha: 12345678 }],
    ['telefone that is not a phone number', { telefone: 'meu telefone' }],
  ])('malformed field (%s): 401 validation.required', async (_label, override) => {
    expectError(await postJson(t.emu.url, '/api/auth', registrationBody(override)), 401, 'validation.required');
  });
});

describe('login (real service only)', () => {
  it('answers Login realizado com sucesso. with the account data, and rejects a wrong password', async () => {
    const account = await registerAccount(t.emu.url);
    const body = expectOk(
      await postJson(t.emu.url, '/api/auth', { auth: 'login', email: account.email, senha: account.senha }),
    );
    expect(body.message).toBe('Login realizado com sucesso.');
    expect(body.data.authkey).toBe(account.authkey);
    expect(body.data).not.toHaveProperty('senha');
    const wrong = await postJson(t.emu.url, '/api/auth', { auth: 'login', email: account.email, senha: 'errada' });
    expectError(wrong, 401, 'E-mail ou senha inválidos.');
  });
});

describe('createAgent (POST /api/v2/ia)', () => {
  let device: Device;
  beforeAll(async () => {
    device = await accountWithDevice(t.emu.url);
  });

  it.each(['id', 'nome', 'appkey'] as const)('creates an agent on the device given by its %s', async (key) => {
    const reply = await postJson(t.emu.url, '/api/v2/ia', {
      authkey: device.authkey,
      device: device[key],
      agent_name: 'Atendente',
    });
    const body = expectOk(reply);
    expect(body.message).toBe('Agente criado com sucesso.');
    expect(body.agent_id).toMatch(/^agt_[0-9a-f]{16}$/);
  });

  it('an unknown device: 404 Nenhum dispositivo encontrado.', async () => {
    const reply = await postJson(t.emu.url, '/api/v2/ia', {
      authkey: device.authkey,
      device: 'dev_0000000000000000',
      agent_name: 'X',
    });
    expectError(reply, 404, 'Nenhum dispositivo encontrado.');
  });

  it('gives each agent its own id', async () => {
    const create = () =>
      postJson(t.emu.url, '/api/v2/ia', { authkey: device.authkey, device: device.id, agent_name: 'Vendas' });
    const [a, b] = await Promise.all([create(), create()]);
    expect(expectOk(a).agent_id).not.toBe(expectOk(b).agent_id);
  });

  it.each(['authkey', 'device', 'agent_name'])('missing %s: 400 validation.required', async (field) => {
    const input: Record<string, unknown> = { authkey: device.authkey, device: device.id, agent_name: 'Atendente' };
    Reflect.deleteProperty(input, field);
    expectError(await postJson(t.emu.url, '/api/v2/ia', input), 400, 'validation.required');
  });

  it('unknown authkey: 401 Authkey invalida ou expirada.', async () => {
    const reply = await postJson(t.emu.url, '/api/v2/ia', {
      authkey: 'f'.repeat(40),
      device: device.id,
      agent_name: 'Atendente',
    });
    expectError(reply, 401, 'Authkey invalida ou expirada.');
  });

  it('a device of another account: 404 Nenhum dispositivo encontrado.', async () => {
    const other = await registerAccount(t.emu.url);
    const reply = await postJson(t.emu.url, '/api/v2/ia', {
      authkey: other.authkey,
      device: device.id,
      agent_name: 'Intruso',
    });
    expectError(reply, 404, 'Nenhum dispositivo encontrado.');
  });
});

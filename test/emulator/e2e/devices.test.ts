import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDevice,
  checkDevice,
  CONTACT,
  connectDevice,
  minimumEntropyBits,
  registerAccount,
  sendText,
  startTestEmulator,
  uniqueName,
  useTestEmulator,
  type Account,
} from './helpers/fixtures.js';
import { expectError, expectOk, postJson } from './helpers/http.js';
import { decodeQrDataUrl } from './helpers/qr.js';
import { waitFor } from '../../support/wait-for.js';

const t = useTestEmulator();
let account: Account;
beforeAll(async () => {
  account = await registerAccount(t.emu.url);
});

const digits = (value: unknown) => String(value).replace(/\D/g, '');
const listDevices = (authkey: string) =>
  postJson(t.emu.url, '/api/developer', { authkey, message: false, dispositivos: true });

describe('pairDevice (POST /api/v2/qrcode)', () => {
  it('without phone returns a random appkey and a scannable QR code PNG', async () => {
    const body = expectOk(await postJson(t.emu.url, '/api/v2/qrcode', { authkey: account.authkey }));
    expect(body.message).toBe('QR Code gerado com sucesso.');
    expect(body.qrcode).toMatch(/^data:image\/png;base64,/);
    const device = await checkDevice(t.emu.url, account.authkey, body.appkey);
    expect(decodeQrDataUrl(body.qrcode)).toMatch(new RegExp(`^chatbot-emulator:pair:${device.id}:\\S+$`));
    expect(body.appkey).toMatch(/^[0-9a-f]{32}$/);
    expect(minimumEntropyBits(body.appkey)).toBeGreaterThanOrEqual(128);
    expect(body).not.toHaveProperty('code');
  });

  it('gives every pairing its own random appkey and QR content', async () => {
    const pair = () => postJson(t.emu.url, '/api/v2/qrcode', { authkey: account.authkey });
    const [a, b] = [expectOk(await pair()), expectOk(await pair())];
    expect(a.appkey).not.toBe(b.appkey);
    expect(decodeQrDataUrl(a.qrcode)).not.toBe(decodeQrDataUrl(b.qrcode));
  });

  it('with phone returns an 8-digit pairing code and the device records that phone', async () => {
    const name = uniqueName('fone');
    const body = expectOk(
      await postJson(t.emu.url, '/api/v2/qrcode', {
        authkey: account.authkey,
        setAppkey: name,
        phone: '+5511976543210',
      }),
    );
    expect(body.code).toMatch(/^\d{8}$/);
    expect(body.message).toBe('Código de pareamento gerado com sucesso.');
    expect(body.appkey).toBe(name);
    expect(digits((await checkDevice(t.emu.url, account.authkey, name)).telefone)).toBe('5511976543210');
  });

  it('uses setAppkey as the appkey and as the starting device name, and stores the webhook', async () => {
    const name = uniqueName('loja');
    const body = expectOk(
      await postJson(t.emu.url, '/api/v2/qrcode', {
        authkey: account.authkey,
        setAppkey: name,
        webhook: 'https://exemplo.com.br/hook',
      }),
    );
    expect(body.appkey).toBe(name);
    const device = await checkDevice(t.emu.url, account.authkey, name);
    expect(device).toMatchObject({ nome: name, webhook: 'https://exemplo.com.br/hook', conectado: false });
    expect(typeof device.id).toBe('string');
  });

  it('gives a device paired without setAppkey a generated, non-empty name', async () => {
    const fresh = await registerAccount(t.emu.url);
    expectOk(await postJson(t.emu.url, '/api/v2/qrcode', { authkey: fresh.authkey }));
    const [device] = expectOk(await listDevices(fresh.authkey)).dispositivos;
    expect(device.nome).toMatch(/^dispositivo-\w{6}$/);
    expect(device).toMatchObject({ telefone: '', webhook: '' });
  });

  it('pairing again with the setAppkey of an own device re-pairs it: same id, disconnected, phone and webhook replaced', async () => {
    const device = await addDevice(t.emu.url, account.authkey, { webhook: 'http://127.0.0.1:9/antes' });
    const again = expectOk(
      await postJson(t.emu.url, '/api/v2/qrcode', {
        authkey: account.authkey,
        setAppkey: device.appkey,
        phone: '+5511944445555',
        webhook: 'http://127.0.0.1:9/depois',
      }),
    );
    expect(again.appkey).toBe(device.appkey);
    const record = await checkDevice(t.emu.url, account.authkey, device.appkey);
    expect(record).toMatchObject({ id: device.id, conectado: false, webhook: 'http://127.0.0.1:9/depois' });
    expect(digits(record.telefone)).toBe('5511944445555');
  });

  it.each([
    ['authkey missing', {}],
    ['phone that is not a phone number', { phone: 'abc' }],
    ['phone too short', { phone: '123' }],
    ['webhook that is not a URL', { webhook: 'nao-e-url' }],
    ['webhook with a non-http scheme', { webhook: 'ftp://exemplo.com/hook' }],
    ['setAppkey of the wrong type', { setAppkey: { nome: 'x' } }],
    ['setAppkey longer than 64 characters', { setAppkey: 'a'.repeat(65) }],
    ['setAppkey with a leading space', { setAppkey: ' loja' }],
    ['setAppkey with a control character', { setAppkey: 'lo\u0007ja' }],
  ])('%s: 400 Parâmetros inválidos.', async (label, extra) => {
    const input = label === 'authkey missing' ? extra : { authkey: account.authkey, ...extra };
    expectError(await postJson(t.emu.url, '/api/v2/qrcode', input), 400, 'Parâmetros inválidos.');
  });

  it('unknown authkey: 401 Authkey inválida ou não encontrada.', async () => {
    expectError(
      await postJson(t.emu.url, '/api/v2/qrcode', { authkey: 'a'.repeat(40) }),
      401,
      'Authkey inválida ou não encontrada.',
    );
  });
});

describe('connection', () => {
  it('a paired device is not connected until the phone completes pairing through the control API', async () => {
    const device = await addDevice(t.emu.url, account.authkey, { connect: false });
    expect((await checkDevice(t.emu.url, account.authkey, device.id)).conectado).toBe(false);
    await connectDevice(t.emu.url, device.appkey);
    expect((await checkDevice(t.emu.url, account.authkey, device.id)).conectado).toBe(true);
  });

  it('connects by itself after autoConnect seconds when that option is given', async () => {
    const auto = await startTestEmulator({ autoConnect: 2 });
    try {
      const owner = await registerAccount(auto.url);
      const device = await addDevice(auto.url, owner.authkey, { connect: false });
      expect((await checkDevice(auto.url, owner.authkey, device.id)).conectado).toBe(false);
      await waitFor(async () => (await checkDevice(auto.url, owner.authkey, device.id)).conectado === true, {
        timeoutMs: 6000,
        what: 'auto-connect',
      });
    } finally {
      await auto.close();
    }
  });
});

describe('listDevices (POST /api/developer dispositivos)', () => {
  it('with no devices: 404 Nenhum dispositivo encontrado.', async () => {
    const empty = await registerAccount(t.emu.url);
    expectError(await listDevices(empty.authkey), 404, 'Nenhum dispositivo encontrado.');
  });

  it('lists the account devices with id, nome, telefone, webhook and authkey', async () => {
    const owner = await registerAccount(t.emu.url);
    const first = await addDevice(t.emu.url, owner.authkey, {
      webhook: 'http://127.0.0.1:9/a',
      phone: '+5511955554444',
    });
    const second = await addDevice(t.emu.url, owner.authkey);
    const body = expectOk(await listDevices(owner.authkey));
    expect(body.dispositivos.map((d: { id: string }) => d.id)).toEqual([first.id, second.id]);
    const byId = new Map<string, Record<string, unknown>>(body.dispositivos.map((d: { id: string }) => [d.id, d]));
    expect(byId.get(first.id)).toMatchObject({
      nome: first.nome,
      webhook: 'http://127.0.0.1:9/a',
      authkey: owner.authkey,
    });
    expect(digits(byId.get(first.id)?.telefone)).toBe('5511955554444');
    expect(byId.get(second.id)).toMatchObject({ nome: second.nome, authkey: owner.authkey });
    for (const device of body.dispositivos)
      expect(Object.keys(device)).toEqual(expect.arrayContaining(['id', 'nome', 'telefone', 'webhook', 'authkey']));
  });

  it('missing message: 401 validation.required', async () => {
    expectError(
      await postJson(t.emu.url, '/api/developer', { authkey: account.authkey, dispositivos: true }),
      401,
      'validation.required',
    );
  });

  it('unknown authkey: 401', async () => {
    expectError(await listDevices('b'.repeat(40)), 401);
  });
});

describe('checkDevice (POST /api/developer checkDispositivo)', () => {
  it('finds a device by id, name or appkey with id, nome, telefone, webhook and conectado', async () => {
    const device = await addDevice(t.emu.url, account.authkey, { webhook: 'http://127.0.0.1:9/b' });
    const byId = await checkDevice(t.emu.url, account.authkey, device.id);
    expect(await checkDevice(t.emu.url, account.authkey, device.nome)).toEqual(byId);
    expect(await checkDevice(t.emu.url, account.authkey, device.appkey)).toEqual(byId);
    expect(device.id).toMatch(/^dev_[0-9a-f]{16}$/);
    expect(byId).toMatchObject({ id: device.id, nome: device.nome, webhook: 'http://127.0.0.1:9/b', conectado: true });
    expect(byId).toHaveProperty('telefone');
  });

  it('a name shared by two devices: 409, use the id', async () => {
    const owner = await registerAccount(t.emu.url);
    for (const device of [await addDevice(t.emu.url, owner.authkey), await addDevice(t.emu.url, owner.authkey)]) {
      expectOk(
        await postJson(t.emu.url, '/api/settings', { ...device.keys, message: 'Loja Repetida', altereNome: true }),
      );
    }
    const conflict = 'Mais de um dispositivo com este nome; use o ID do dispositivo.';
    expectError(
      await postJson(t.emu.url, '/api/developer', {
        authkey: owner.authkey,
        message: 'Loja Repetida',
        checkDispositivo: true,
      }),
      409,
      conflict,
    );
    expectError(
      await postJson(t.emu.url, '/api/developer', {
        authkey: owner.authkey,
        message: 'Loja Repetida',
        apagarDispositivo: true,
      }),
      409,
      conflict,
    );
    expectError(
      await postJson(t.emu.url, '/api/v2/ia', { authkey: owner.authkey, device: 'Loja Repetida', agent_name: 'A' }),
      409,
      conflict,
    );
  });

  it('unknown device: 404 Nenhum dispositivo encontrado.', async () => {
    const reply = await postJson(t.emu.url, '/api/developer', {
      authkey: account.authkey,
      message: 'nao-existe',
      checkDispositivo: true,
    });
    expectError(reply, 404, 'Nenhum dispositivo encontrado.');
  });

  it('missing message: 401 validation.required', async () => {
    expectError(
      await postJson(t.emu.url, '/api/developer', { authkey: account.authkey, checkDispositivo: true }),
      401,
      'validation.required',
    );
  });

  it('unknown authkey: 401', async () => {
    expectError(
      await postJson(t.emu.url, '/api/developer', { authkey: 'c'.repeat(40), message: 'x', checkDispositivo: true }),
      401,
    );
  });
});

describe('deleteDevice (POST /api/developer apagarDispositivo)', () => {
  const remove = (authkey: string, message: unknown) =>
    postJson(t.emu.url, '/api/developer', { authkey, message, apagarDispositivo: true });

  it.each(['id', 'nome', 'appkey'] as const)('deletes by %s; the device and its appkey are gone', async (key) => {
    const device = await addDevice(t.emu.url, account.authkey);
    const body = expectOk(await remove(account.authkey, device[key]));
    expect(body.message).toBe('Dispositivo apagado com sucesso.');
    const check = await postJson(t.emu.url, '/api/developer', {
      authkey: account.authkey,
      message: device.id,
      checkDispositivo: true,
    });
    expectError(check, 404, 'Nenhum dispositivo encontrado.');
    expectError(await sendText(t.emu.url, device, CONTACT, 'depois de apagar'), 404, 'Nenhum dispositivo encontrado.');
    expectError(await remove(account.authkey, device.id), 404, 'Nenhum dispositivo encontrado.');
  });

  it('unknown device: 404 Nenhum dispositivo encontrado.', async () => {
    expectError(await remove(account.authkey, 'nao-existe'), 404, 'Nenhum dispositivo encontrado.');
  });

  it('missing message: 401 validation.required', async () => {
    expectError(
      await postJson(t.emu.url, '/api/developer', { authkey: account.authkey, apagarDispositivo: true }),
      401,
      'validation.required',
    );
  });

  it('unknown authkey: 401', async () => {
    expectError(await remove('d'.repeat(40), 'x'), 401);
  });
});

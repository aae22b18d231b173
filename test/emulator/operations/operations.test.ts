// Operations run in-process against an in-memory store with an injected clock: no socket, no waiting.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultCtx, type Ctx } from '../../../src/emulator/operations/context.js';
import { issueOtpRoute } from '../../../src/emulator/control/network.js';
import { EmulatorError, type Reply } from '../../../src/emulator/http/reply.js';
import { retryDelay } from '../../../src/emulator/delivery/worker.js';
import { emptyFields, type Fields } from '../../../src/emulator/rules/fields.js';
import { OPERATIONS } from '../../../src/emulator/operations/table.js';
import { runDueSchedules } from '../../../src/emulator/operations/create-message/scheduler.js';
import { openStore, type Store } from '../../../src/emulator/store/db.js';
import { listMessages } from '../../../src/emulator/store/messages.js';
import { findDeviceByAppkey } from '../../../src/emulator/store/devices.js';

const T0 = Date.parse('2030-03-01T12:00:00Z');
let clock = T0;
let store: Store;
let ctx: Ctx;

const of = (values: Record<string, unknown>): Fields => Object.assign(emptyFields(), values);

async function call(name: keyof typeof OPERATIONS, values: Record<string, unknown>): Promise<Reply> {
  try {
    return await OPERATIONS[name](store, of(values), ctx);
  } catch (error) {
    if (error instanceof EmulatorError) return error.toBody();
    throw error;
  }
}

async function setup(): Promise<{ authkey: string; appkey: string }> {
  const registered = await call('register', {
    auth: 'registrar',
    email: 'a@b.com',
    senha: 's',
    nome: 'N',
    telefone: '+5511912345678',
    plano: '1',
  });
  const authkey = (registered.data as { authkey: string }).authkey;
  const paired = await call('pairDevice', {
    authkey,
    setAppkey: 'loja',
    phone: '+5511987654321',
    webhook: 'http://127.0.0.1:9/h',
  });
  return { authkey, appkey: paired.appkey as string };
}

beforeEach(() => {
  clock = T0;
  store = openStore(':memory:');
  ctx = defaultCtx({ now: () => clock, tz: 'America/Sao_Paulo', autoConnect: 10, otpTtl: 60 });
});
afterEach(() => store.db.close());

describe('registration and keys', () => {
  it('expiracao is a year ahead in the zone; the authkey stops working after that day', async () => {
    const registered = await call('register', {
      auth: 'registrar',
      email: 'x@y.com',
      senha: 's',
      nome: 'N',
      telefone: '+5511912345678',
      plano: '1',
    });
    const { authkey, expiracao } = registered.data as { authkey: string; expiracao: string };
    expect(expiracao).toBe('2031-03-01');
    const list = { authkey, message: false, dispositivos: true };
    expect((await call('listDevices', list)).status).toBe(404);
    clock = Date.parse('2031-03-02T03:00:01Z');
    expect(await call('listDevices', list)).toEqual({ status: 401, message: 'Authkey inválida ou não encontrada.' });
  });

  it('stores an scrypt hash, never the password', async () => {
    await call('register', {
      auth: 'registrar',
      email: 'h@y.com',
      senha: 'segredo-123',
      nome: 'N',
      telefone: '+5511912345678',
      plano: '1',
    });
    const row = store.db.prepare('SELECT senha_hash FROM accounts').get() as { senha_hash: string };
    expect(row.senha_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row.senha_hash).not.toContain('segredo-123');
  });
});

describe('autoConnect', () => {
  it('connects the device exactly autoConnect seconds after pairing', async () => {
    const { authkey } = await setup();
    const check = async () =>
      (
        (await call('checkDevice', { authkey, message: 'loja', checkDispositivo: true })).dispositivo as {
          conectado: boolean;
        }
      ).conectado;
    clock = T0 + 9_999;
    expect(await check()).toBe(false);
    clock = T0 + 10_000;
    expect(await check()).toBe(true);
  });

  it('re-pairing with the same setAppkey disconnects the device again and keeps its id', async () => {
    const { authkey, appkey } = await setup();
    const before = findDeviceByAppkey(store, appkey);
    clock = T0 + 20_000;
    await call('checkDevice', { authkey, message: 'loja', checkDispositivo: true });
    await call('pairDevice', { authkey, setAppkey: 'loja' });
    const after = findDeviceByAppkey(store, appkey);
    expect(after?.id).toBe(before?.id);
    expect(after?.conectado).toBe(0);
    expect(after?.telefone).toBe('+5511987654321');
  });
});

describe('OTP lifetime', () => {
  it('a code verifies once before otpTtl and never after', async () => {
    const { authkey, appkey } = await setup();
    const issue = () => issueOtpRoute(store, of({ appkey, to: '+5521998765432' }), ctx).code;
    const verify = (code: string) =>
      call('verifyOtp', { authkey, appkey, to: '5521998765432', message: 'false', verificarOTP: code });
    const first = issue();
    clock = T0 + 59_999;
    expect((await verify(first)).valid).toBe(true);
    expect(await verify(first)).toEqual({ status: 401, message: 'OTP inválido ou expirado.', valid: false });
    const second = issue();
    clock += 60_000;
    expect((await verify(second)).valid).toBe(false);
  });

  it('a new code replaces the unused one for the same number', async () => {
    const { authkey, appkey } = await setup();
    const older = issueOtpRoute(store, of({ appkey, to: '+5521998765432' }), ctx).code;
    const newer = issueOtpRoute(store, of({ appkey, to: '+5521998765432' }), ctx).code;
    const verify = (code: string) =>
      call('verifyOtp', { authkey, appkey, to: '+5521998765432', message: false, verificarOTP: code });
    if (older !== newer) expect((await verify(older)).valid).toBe(false);
    expect((await verify(newer)).valid).toBe(true);
  });
});

describe('scheduling', () => {
  it('goes out at its wall-clock time in the zone, never before, once, with text and system events', async () => {
    const { authkey, appkey } = await setup();
    const reply = await call('scheduleMessage', {
      authkey,
      appkey,
      to: '["+5521998765432","120363012345678901@g.us"]',
      message: 'lembrete',
      agendamento: '2030-03-01 09:00:30',
    });
    expect(reply.status).toBe(200);
    const device = findDeviceByAppkey(store, appkey)!;
    clock = Date.parse('2030-03-01T12:00:29.999Z');
    expect(runDueSchedules(store, ctx)).toBe(0);
    expect(listMessages(store, device.id)).toHaveLength(0);
    clock = Date.parse('2030-03-01T12:00:30Z');
    expect(runDueSchedules(store, ctx)).toBe(1);
    expect(runDueSchedules(store, ctx)).toBe(0);
    const sent = listMessages(store, device.id);
    expect(sent.map((m) => m.destinatario)).toEqual(['5521998765432', '120363012345678901@g.us']);
    expect(sent.every((m) => m.schedule_id === reply.agendamento_id)).toBe(true);
    const events = (store.db.prepare('SELECT payload FROM deliveries ORDER BY id').all() as { payload: string }[]).map(
      (r) => JSON.parse(r.payload) as Record<string, unknown>,
    );
    expect(events.map((e) => [e.evento, e.tipo])).toEqual([
      ['text', 'Me'],
      ['agendamento', 'Sistema'],
      ['text', 'Me'],
      ['agendamento', 'Sistema'],
    ]);
    expect(events[1]).toMatchObject({ idAgendamento: reply.agendamento_id, mensagem: 'lembrete' });
  });
});

describe('webhook retry schedule', () => {
  it('doubles from 0.5 s and caps at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelay)).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

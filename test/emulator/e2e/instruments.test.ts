// The instruments tests steer through the control API: the test clock, the request log, and requireConnected.
import { describe, expect, it } from 'vitest';
import { wallClock } from './helpers/clock.js';
import {
  accountWithDevice,
  addDevice,
  CONTACT,
  outbox,
  registerAccount,
  sendText,
  useTestEmulator,
  type Device,
} from './helpers/fixtures.js';
import { expectError, expectOk, getJson, postJson, type Body } from './helpers/http.js';

const t = useTestEmulator();
const ZONE = 'America/Sao_Paulo';

async function clockNow(): Promise<number> {
  return Date.parse(expectOk(await getJson(t.emu.url, '/__emulator/clock')).agora as string);
}

describe('test clock', () => {
  it('advancing sends a due schedule, expires an OTP, and dataEnvio follows', async () => {
    const device = await accountWithDevice(t.emu.url);
    const due = new Date((await clockNow()) + 3_600_000);
    expectOk(
      await postJson(t.emu.url, '/api/create-message', {
        ...device.keys,
        to: CONTACT,
        message: 'em uma hora',
        agendamento: wallClock(due, ZONE),
      }),
    );
    const code = expectOk(await postJson(t.emu.url, '/__emulator/otp', { appkey: device.appkey, to: CONTACT }))
      .code as string;
    expect(await outbox(t.emu.url, device.appkey)).toEqual([]);

    const moved = expectOk(await postJson(t.emu.url, '/__emulator/clock/advance', { by: '2h' }));
    expect(moved.alterado).toBe(true);

    const sent = await outbox(t.emu.url, device.appkey);
    expect(sent.map((m) => m.content.message)).toEqual(['em uma hora']);
    expect(Date.parse(sent[0]?.timestamp as string)).toBeGreaterThanOrEqual(due.getTime());
    const otp = await postJson(t.emu.url, '/api/create-message', {
      ...device.keys,
      to: CONTACT,
      message: false,
      verificarOTP: code,
    });
    expectError(otp, 401, 'OTP inválido ou expirado.');
    const text = expectOk(await sendText(t.emu.url, device, CONTACT, 'agora'));
    const after = await clockNow();
    // Same zone, same spelling: the strings sort as the instants do.
    expect(text.data.dataEnvio >= wallClock(new Date(due.getTime() + 3_600_000 - 1000), ZONE)).toBe(true);
    expect(text.data.dataEnvio <= wallClock(new Date(after), ZONE)).toBe(true);
    expectOk(await postJson(t.emu.url, '/__emulator/clock/reset', {}));
  });

  it('set moves to an instant (ISO with zone, or epoch ms); reset goes back to real time', async () => {
    const set = expectOk(await postJson(t.emu.url, '/__emulator/clock/set', { at: '2030-01-01T12:00:00Z' }));
    expect(Date.parse(set.agora as string)).toBeGreaterThanOrEqual(Date.parse('2030-01-01T12:00:00Z'));
    expect(Date.parse(set.agora as string)).toBeLessThan(Date.parse('2030-01-02T00:00:00Z'));
    const back = expectOk(await postJson(t.emu.url, '/__emulator/clock/reset', {}));
    expect(back.alterado).toBe(false);
    expect(Date.parse(back.agora as string)).toBeLessThan(Date.parse('2030-01-01T00:00:00Z'));
    expectError(await postJson(t.emu.url, '/__emulator/clock/set', { at: '2030-01-01 12:00' }), 400);
    expectError(
      await postJson(t.emu.url, '/__emulator/clock/advance', { by: '-5m' }),
      400,
      'Campo inválido: by. Use uma duração (500ms, 90s, 15m, 2h, 1d ou combinações como 1h30m) ou milissegundos.',
    );
  });
});

describe('request log', () => {
  it('shows a rejected request with its status, operation and masked keys', async () => {
    const device = await accountWithDevice(t.emu.url);
    const since = new Date(await clockNow()).toISOString();
    expectError(
      await postJson(t.emu.url, '/api/create-message', {
        appkey: device.appkey,
        authkey: 'f'.repeat(40),
        to: CONTACT,
        message: 'x',
      }),
      401,
    );
    const log = expectOk(
      await getJson(
        t.emu.url,
        `/__emulator/requests?appkey=${device.appkey}&status=401&since=${encodeURIComponent(since)}`,
      ),
    );
    const entries = log.requisicoes as Body[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      method: 'POST',
      path: '/api/create-message',
      operation: 'sendText',
      status: 401,
      httpStatus: 401,
      fault: null,
    });
    expect(entries[0]?.body.message).toBe('x');
    expect(JSON.stringify(log)).not.toContain(device.appkey);
    expect(JSON.stringify(log)).not.toContain('f'.repeat(40));
  });

  it('masks a key wherever it travels: checkDevice names the device by its appkey in `message`', async () => {
    const device = await accountWithDevice(t.emu.url);
    expectOk(
      await postJson(t.emu.url, '/api/developer', {
        authkey: device.authkey,
        message: device.appkey,
        checkDispositivo: true,
      }),
    );
    const log = expectOk(await getJson(t.emu.url, '/__emulator/requests?path=/api/developer'));
    const last = (log.requisicoes as Body[]).at(-1);
    expect(last?.operation).toBe('checkDevice');
    expect(typeof last?.body.message).toBe('string');
    expect(JSON.stringify(log)).not.toContain(device.appkey);
    expect(JSON.stringify(log)).not.toContain(device.authkey);
  });

  it('stays bounded and up with a body nested thousands deep or a huge text (found by the fuzzer)', async () => {
    const device = await accountWithDevice(t.emu.url);
    const huge = 'a'.repeat(50_000);
    const nested = `${'['.repeat(20_000)}"fundo"${']'.repeat(20_000)}`;
    const fields = JSON.stringify({ appkey: device.appkey, authkey: device.authkey, to: CONTACT, message: huge });
    const answer = await fetch(`${t.emu.url}/api/create-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `${fields.slice(0, -1)},"buttons":${nested}}`,
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expectOk(await getJson(t.emu.url, '/__emulator/health'));
    const log = expectOk(
      await getJson(t.emu.url, `/__emulator/requests?appkey=${device.appkey}&status=${answer.status}`),
    );
    const body = (log.requisicoes as Body[]).at(-1)?.body as Record<string, unknown>;
    expect(body.message).toBe(`${'a'.repeat(10_000)}… (40000 more characters)`);
    expect(JSON.stringify(body.buttons)).toContain('nested deeper than the log keeps');
  });

  it('records unknown paths and filters by path; reset clears it', async () => {
    expectError(await postJson(t.emu.url, '/api/nada', {}), 404);
    const log = expectOk(await getJson(t.emu.url, '/__emulator/requests?path=/api/nada'));
    expect((log.requisicoes as Body[]).map((e) => [e.status, e.operation])).toEqual([[404, null]]);
    expectOk(await postJson(t.emu.url, '/__emulator/reset', {}));
    expect(expectOk(await getJson(t.emu.url, '/__emulator/requests')).requisicoes).toEqual([]);
  });
});

describe('connection matters when asked', () => {
  async function unconnected(): Promise<Device> {
    return addDevice(t.emu.url, (await registerAccount(t.emu.url)).authkey, { connect: false });
  }

  it('off by default; on, every send to a device that is not connected fails with 404', async () => {
    const device = await unconnected();
    expectOk(await sendText(t.emu.url, device, CONTACT, 'aceito'));
    expect(
      expectOk(await postJson(t.emu.url, '/__emulator/options', { requireConnected: true })).requireConnected,
    ).toBe(true);
    expectError(await sendText(t.emu.url, device, CONTACT, 'recusado'), 404, 'Nenhum dispositivo conectado encontrado');
    const schedule = { ...device.keys, to: CONTACT, message: 'depois', agendamento: '2099-01-01 10:00:00' };
    expectError(
      await postJson(t.emu.url, '/api/create-message', schedule),
      404,
      'Nenhum dispositivo conectado encontrado',
    );
    expectOk(await postJson(t.emu.url, '/__emulator/connect', { appkey: device.appkey }));
    expectOk(await sendText(t.emu.url, device, CONTACT, 'conectado'));
    expectOk(await postJson(t.emu.url, '/__emulator/disconnect', { appkey: device.appkey }));
    expectError(await sendText(t.emu.url, device, CONTACT, 'desconectado'), 404);
    expect((await outbox(t.emu.url, device.appkey)).map((m) => m.content.message)).toEqual(['aceito', 'conectado']);
    expectOk(await postJson(t.emu.url, '/__emulator/reset', {}));
    expect(expectOk(await getJson(t.emu.url, '/__emulator/options')).requireConnected).toBe(false);
  });
});

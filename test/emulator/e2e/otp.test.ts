import { describe, expect, it } from 'vitest';
import {
  accountWithDevice,
  addDevice,
  CONTACT,
  CONTACT_PLAIN,
  startTestEmulator,
  useEmulatorWithDevice,
} from './helpers/fixtures.js';
import { expectError, expectOk, postJson, show } from './helpers/http.js';
import { ControlClient } from '../../../src/emulator/testing/client.js';

// Codes expire on the emulator's clock: the tests move that clock instead of waiting, so a slow machine can neither
// expire a code early nor keep one alive. This file's emulator gives them a minute (otpTtl); the default is 5.
const t = useEmulatorWithDevice({ emulator: { otpTtl: 60 } });
const OTP_TTL_MS = 60_000;
const DEFAULT_OTP_TTL_MS = 5 * 60_000;

async function issue(to: string, appkey = t.device.appkey): Promise<string> {
  const reply = await postJson(t.emu.url, '/__emulator/otp', { appkey, to });
  expect(reply.status, show(reply.body)).toBe(200);
  expect(reply.body.code).toMatch(/^\d{6}$/);
  return reply.body.code as string;
}

const verify = (to: string, code: unknown, keys = t.device.keys) =>
  postJson(t.emu.url, '/api/create-message', { ...keys, to, message: false, verificarOTP: code });

function expectInvalid(reply: Awaited<ReturnType<typeof verify>>): void {
  expectError(reply, 401, 'OTP inválido ou expirado.');
  expect(reply.body.valid).toBe(false);
}

describe('verifyOtp', () => {
  it('accepts a fresh code once: 200 valid true, then 401 valid false', async () => {
    const code = await issue(CONTACT);
    const body = expectOk(await verify(CONTACT, code));
    expect(body.valid).toBe(true);
    expect(body.message).toBe('OTP válido.');
    expectInvalid(await verify(CONTACT, code));
  });

  it('accepts the number with or without +', async () => {
    const code = await issue(CONTACT);
    expect(expectOk(await verify(CONTACT.slice(1), code)).valid).toBe(true);
  });

  it('rejects a wrong code: 401 OTP inválido ou expirado.', async () => {
    const code = await issue(CONTACT_PLAIN);
    const wrong = code === '000000' ? '111111' : '000000';
    expectInvalid(await verify(CONTACT_PLAIN, wrong));
  });

  it('rejects a code issued for another number', async () => {
    const code = await issue('+5511933332222');
    expectInvalid(await verify('+5511944443333', code));
  });

  it('rejects a code issued for another device of the same account', async () => {
    const code = await issue(CONTACT);
    const sibling = await addDevice(t.emu.url, t.device.authkey);
    expectInvalid(await verify(CONTACT, code, sibling.keys));
    expect(expectOk(await verify(CONTACT, code)).valid).toBe(true);
  });

  it('voids an unused code when a new one is issued for the same device and number', async () => {
    const old = await issue('+5511911112222');
    const fresh = await issue('+5511911112222');
    if (old !== fresh) expectInvalid(await verify('+5511911112222', old));
    expect(expectOk(await verify('+5511911112222', fresh)).valid).toBe(true);
  });

  it('accepts the code as a JSON number', async () => {
    const code = await issue('+5511955556666');
    if (!code.startsWith('0')) expect(expectOk(await verify('+5511955556666', Number(code))).valid).toBe(true);
    else expect(expectOk(await verify('+5511955556666', code)).valid).toBe(true);
  });

  it("rejects a code once its otpTtl (60 s) has passed on the emulator's clock", async () => {
    const code = await issue('+5511922221111');
    const clock = new ControlClient(t.emu.url).clock;
    await clock.advance(OTP_TTL_MS + 1000);
    try {
      expectInvalid(await verify('+5511922221111', code));
    } finally {
      await clock.reset();
    }
  });

  it('unknown appkey: 404 Nenhum dispositivo encontrado.', async () => {
    const reply = await verify(CONTACT, '123456', { ...t.device.keys, appkey: 'nao-existe' });
    expectError(reply, 404, 'Nenhum dispositivo encontrado.');
  });

  it('missing to: 401 validation.required', async () => {
    const reply = await postJson(t.emu.url, '/api/create-message', {
      ...t.device.keys,
      message: false,
      verificarOTP: '123456',
    });
    expectError(reply, 401, 'validation.required');
  });
});

describe('OTP default lifetime', () => {
  it('keeps a code valid well within the default 5 minutes', async () => {
    const defaults = await startTestEmulator();
    try {
      const owner = await accountWithDevice(defaults.url);
      const issued = await postJson(defaults.url, '/__emulator/otp', { appkey: owner.appkey, to: CONTACT });
      await new ControlClient(defaults.url).clock.advance(DEFAULT_OTP_TTL_MS - 60_000);
      const reply = await postJson(defaults.url, '/api/create-message', {
        ...owner.keys,
        to: CONTACT,
        message: false,
        verificarOTP: issued.body.code,
      });
      expect(expectOk(reply).valid).toBe(true);
    } finally {
      await defaults.close();
    }
  });
});

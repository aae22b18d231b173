// otp verify end to end: exit 0 for a valid code, 3 for an invalid, expired or used one.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { post, withEmulator } from './harness.js';
import { DeviceSandbox, PHONE, PHONE_DIGITS } from './send-helpers.js';

let emulator: RunningEmulator;
let dev: DeviceSandbox;

beforeAll(async () => {
  emulator = await withEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(async () => {
  dev = await DeviceSandbox.create(emulator);
});
afterEach(() => dev.cleanup());

async function issueCode(): Promise<string> {
  const issued = await post(`${emulator.url}/__emulator/otp`, { appkey: dev.appkey, to: PHONE });
  return issued.code as string;
}

describe('otp verify (E13)', () => {
  it('exits 0 and says so for a valid code', async () => {
    const code = await issueCode();
    const result = await dev.run(['otp', 'verify', '--to', PHONE, '--code', code]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Code valid for +${PHONE_DIGITS}`);
  });

  it('prints valid: true under --json', async () => {
    const code = await issueCode();
    const result = await dev.run(['otp', 'verify', '--to', PHONE, '--code', code, '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, valid: true });
  });

  it('exits 3 with a clear message for a wrong code, and for a code already used', async () => {
    const code = await issueCode();
    const wrong = await dev.run(['otp', 'verify', '--to', PHONE, '--code', code === '000000' ? '111111' : '000000']);
    expect(wrong.exitCode).toBe(3);
    expect(wrong.stderr).toContain('Code rejected for +5581989769960');
    expect(wrong.stderr).toContain('OTP inválido ou expirado.');
    expect((await dev.run(['otp', 'verify', '--to', PHONE, '--code', code])).exitCode).toBe(0);
    const reused = await dev.run(['otp', 'verify', '--to', PHONE, '--code', code, '--json']);
    expect(reused.exitCode).toBe(3);
    expect(JSON.parse(reused.stderr).error).toMatchObject({ status: 401, exitCode: 3 });
  });

  it('exits 4 for an unknown device', async () => {
    const result = await dev.run(['otp', 'verify', '--to', PHONE, '--code', '123456'], { env: { CHATBOT_APPKEY: 'nope-nope' } });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('refuses a group id or a bad number, and a missing code, before sending', async () => {
    const code = await issueCode();
    const group = await dev.run(['otp', 'verify', '--to', '120363041234567890@g.us', '--code', code]);
    expect(group.exitCode).toBe(2);
    expect(group.stderr).toContain('--to must be a phone number');
    const noCode = await dev.run(['otp', 'verify', '--to', PHONE]);
    expect(noCode.exitCode).toBe(2);
    expect(noCode.stderr).toContain('Missing --code');
    expect((await dev.run(['otp', 'verify', '--to', PHONE, '--code', code])).exitCode).toBe(0);
  });
});

// otp verify end to end: exit 0 for a valid code, 3 for an invalid, expired or used one.
import { describe, expect, it } from 'vitest';
import { post } from '../support/harness.js';
import { PHONE, PHONE_DIGITS, useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

async function issueCode(): Promise<string> {
  const issued = await post(`${t.emulator.url}/__emulator/otp`, { appkey: t.dev.appkey, to: PHONE });
  return issued.code as string;
}

describe('otp verify (verifyOtp)', () => {
  it('exits 0 and says so for a valid code', async () => {
    const code = await issueCode();
    const result = await t.dev.run(['otp', 'verify', '--to', PHONE, '--code', code]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Code valid for +${PHONE_DIGITS}`);
  });

  it('prints valid: true under --json', async () => {
    const code = await issueCode();
    const result = await t.dev.run(['otp', 'verify', '--to', PHONE, '--code', code, '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, valid: true });
  });

  it('exits 3 with a clear message for a wrong code, and for a code already used', async () => {
    const code = await issueCode();
    const wrong = await t.dev.run(['otp', 'verify', '--to', PHONE, '--code', code === '000000' ? '111111' : '000000']);
    expect(wrong.exitCode).toBe(3);
    expect(wrong.stderr).toContain('Code rejected for +5581989769960');
    expect(wrong.stderr).toContain('OTP inválido ou expirado.');
    expect((await t.dev.run(['otp', 'verify', '--to', PHONE, '--code', code])).exitCode).toBe(0);
    const reused = await t.dev.run(['otp', 'verify', '--to', PHONE, '--code', code, '--json']);
    expect(reused.exitCode).toBe(3);
    expect(JSON.parse(reused.stderr).error).toEqual({
      status: 401,
      message: expect.stringMatching(/^OTP inválido ou expirado\. \(invalid or expired code/),
      exitCode: 3,
    });
  });

  it('exits 4 for an unknown device', async () => {
    const result = await t.dev.run(['otp', 'verify', '--to', PHONE, '--code', '123456'], {
      env: { CHATBOT_APPKEY: 'nope-nope' },
    });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('refuses a group id or a bad number, and a missing code, before sending', async () => {
    const code = await issueCode();
    const group = await t.dev.run(['otp', 'verify', '--to', '120363041234567890@g.us', '--code', code]);
    expect(group.exitCode).toBe(2);
    expect(group.stderr).toContain('--to must be a phone number');
    const noCode = await t.dev.run(['otp', 'verify', '--to', PHONE]);
    expect(noCode.exitCode).toBe(2);
    expect(noCode.stderr).toContain('Missing --code');
    expect((await t.dev.run(['otp', 'verify', '--to', PHONE, '--code', code])).exitCode).toBe(0);
  });
});

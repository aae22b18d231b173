// user picture and user check (real-service operations) end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { PHONE, PHONE_DIGITS, useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

describe('user picture|check [extension]', () => {
  it('prints a profile picture URL', async () => {
    const result = await t.dev.run(['user', 'picture', PHONE]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(`${t.emulator.url}/foto/${PHONE_DIGITS}.svg`);
  });

  it('user check: exit 0 on the network, 4 when not', async () => {
    const on = await t.dev.run(['user', 'check', PHONE]);
    expect(on.exitCode, on.stderr).toBe(0);
    expect(on.stdout).toContain(`${PHONE_DIGITS}@s.whatsapp.net`);
    const off = await t.dev.run(['user', 'check', '+5521990000000']);
    expect(off.exitCode).toBe(4);
    expect(off.stderr).toContain('5521990000000 is not on the network');
  });
});

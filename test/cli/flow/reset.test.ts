// flow reset (a real-service operation) end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { PHONE, useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

describe('flow reset [extension]', () => {
  it('flow reset: one contact; --all needs --yes when not interactive', async () => {
    expect((await t.dev.run(['flow', 'reset', PHONE])).exitCode).toBe(0);
    const refused = await t.dev.run(['flow', 'reset', '--all']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('pass --yes');
    expect((await t.dev.run(['flow', 'reset', '--all', '--yes'])).exitCode).toBe(0);
    expect((await t.dev.run(['flow', 'reset'])).exitCode).toBe(2);
  });
});

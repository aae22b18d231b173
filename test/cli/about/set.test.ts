// about set (a real-service operation) end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

describe('about set [extension]', () => {
  it('changes the about text', async () => {
    const result = await t.dev.run(['about', 'set', 'Atendimento 8h-18h']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('About text changed');
  });
});

// schedule cancel (a real-service operation) end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { PHONE, idInLine, useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

describe('schedule cancel [extension]', () => {
  it('cancels the id send schedule printed; the second time it is 404 (exit 4)', async () => {
    const scheduled = await t.dev.run(['send', 'schedule', '--to', PHONE, '--in', '1h', '--message', 'Lembrete']);
    expect(scheduled.exitCode, scheduled.stderr).toBe(0);
    const id = idInLine(scheduled.stdout);
    expect(id).toMatch(/^agd_/);
    expect(scheduled.stderr).toContain(`To cancel it: chatbot schedule cancel ${id}`);
    const cancelled = await t.dev.run(['schedule', 'cancel', id!]);
    expect(cancelled.exitCode, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toContain(`Schedule ${id} cancelled`);
    const again = await t.dev.run(['schedule', 'cancel', id!]);
    expect(again.exitCode).toBe(4);
    expect(again.stderr).toContain('Agendamento não encontrado ou já enviado.');
  });

  it('exits 4 for an unknown id', async () => {
    const result = await t.dev.run(['schedule', 'cancel', 'agd_0000000000000000', '--json']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Agendamento não encontrado');
  });
});

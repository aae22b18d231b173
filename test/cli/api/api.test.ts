// chatbot api end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { PHONE, useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

describe('chatbot api', () => {
  it("fills the keys from the profile, sends JSON, prints the service's JSON", async () => {
    const result = await t.dev.run([
      'api',
      '/api/create-message',
      '-f',
      `to=${PHONE}`,
      '-f',
      'message=via api',
      '--json',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, message: 'Mensagem enviada com sucesso.' });
    expect((await t.dev.onlySent()).content).toEqual({ message: 'via api' });
  });

  it('sends -F values typed, reads GET answers, and keeps the exit codes', async () => {
    const status = await t.dev.run([
      'api',
      '/api/settings',
      '-f',
      `to=${PHONE}`,
      '-F',
      'message=false',
      '-F',
      'obterStatus=true',
    ]);
    expect(status.exitCode, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout).userStatus).toBe('offline');
    const agents = await t.dev.run(['api', '/api/v2/ia', '--method', 'GET']);
    expect(agents.exitCode, agents.stderr).toBe(0);
    expect(Array.isArray(JSON.parse(agents.stdout).data)).toBe(true);
    expect(
      (await t.dev.run(['api', '/api/developer', '-f', 'message=nao-existe', '-F', 'checkDispositivo=true'])).exitCode,
    ).toBe(4);
    expect((await t.dev.run(['api', 'api/sem-barra'])).exitCode).toBe(2);
    expect((await t.dev.run(['api', '/api/create-message', '-f', 'semigual'])).exitCode).toBe(2);
  });

  it('reads a rejected field as exit 6 naming the likely fields, as every command does', async () => {
    const result = await t.dev.run(['api', '/api/create-message', '-f', `to=${PHONE}`]);
    expect(result.exitCode, result.stderr).toBe(6);
    expect(result.stderr).toContain('the service rejected a field of this request; likely to');
    expect(result.stderr).not.toContain('chatbot login');
  });

  it('keeps a key-only rejection an authentication failure (exit 3)', async () => {
    const result = await t.dev.run(['api', '/api/create-message', '-f', 'authkey=', '-F', 'checkDispositivo=true']);
    expect(result.exitCode, result.stderr).toBe(3);
  });
});

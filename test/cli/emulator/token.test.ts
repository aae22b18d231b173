// The CLI's emulator commands against an emulator listening beyond loopback: CHATBOT_EMULATOR_TOKEN carries its token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { Sandbox } from '../support/harness.js';

const TOKEN = 'cli-token-0123456789abcdef0123';
let emu: RunningEmulator;
let box: Sandbox;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, host: '0.0.0.0', db: ':memory:', token: TOKEN });
  box = new Sandbox(`http://127.0.0.1:${emu.port}`);
});
afterAll(async () => {
  box.cleanup();
  await emu.close();
});

describe('CHATBOT_EMULATOR_TOKEN', () => {
  it('is sent by the emulator commands; without it they are refused, saying what to do', async () => {
    const refused = await box.run(['emulator', 'fault', 'ls']);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toContain('Token do emulador ausente ou inválido.');
    expect(refused.stderr).toContain('CHATBOT_EMULATOR_TOKEN');
    const listed = await box.run(['emulator', 'fault', 'ls', '--json'], { env: { CHATBOT_EMULATOR_TOKEN: TOKEN } });
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({ status: 200, falhas: [] });
  });
});

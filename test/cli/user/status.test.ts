// user status (userStatus) end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { post } from '../support/harness.js';
import { CONTACT, CONTACT_DIGITS, requestsTo, usePairedDevice } from '../support/paired-device.js';

const t = usePairedDevice({ receiver: true });

const run = (args: string[]) => t.box.run(args, { env: { CHATBOT_APPKEY: t.device.appkey } });

describe('user status (userStatus)', () => {
  it('prints the contact and the status the service reports', async () => {
    await post(`${t.url}/__emulator/inbound`, { appkey: t.device.appkey, evento: 'text', de: CONTACT, mensagem: 'oi' });
    const result = await run(['user', 'status', CONTACT]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${CONTACT_DIGITS}: online\n`);
  });

  it('prints the service body under --json', async () => {
    const result = await run(['user', 'status', CONTACT, '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.status).toBe(200);
    expect(typeof doc.userStatus).toBe('string');
  });

  it('an unknown device key is 404 "Nenhum dispositivo encontrado." and exit 4', async () => {
    const result = await t.box.run(['user', 'status', CONTACT, '--appkey', 'nao-existe']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('refuses a number without country code (exit 2, nothing sent)', async () => {
    const before = t.logged.requests.length;
    const result = await run(['user', 'status', '12345']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('<phone> must be a phone number in international format');
    expect(requestsTo(t.logged, '/api/settings', before)).toEqual([]);
  });
});

// emulator fault|disconnect|clock|requests end to end against the emulator's control API.
import { describe, expect, it } from 'vitest';
import { post } from '../support/harness.js';
import { CONTACT, outbox, requestsTo, usePairedDevice } from '../support/paired-device.js';

const t = usePairedDevice();

const sendText = (message: string, to = CONTACT) =>
  post(`${t.url}/api/create-message`, { authkey: t.device.authkey, appkey: t.device.appkey, to, message });

describe('emulator fault', () => {
  it('add makes exactly the matching requests fail; ls shows it; rm removes it', async () => {
    const added = await t.box.run([
      'emulator',
      'fault',
      'add',
      '--device',
      t.device.appkey,
      '--to',
      CONTACT,
      '--error',
      'license',
      '--json',
    ]);
    expect(added.exitCode, added.stderr).toBe(0);
    const rule = JSON.parse(added.stdout).falha as { id: string };
    expect(await sendText('blocked')).toMatchObject({ status: 403, message: 'Licença inválida ou expirada.' });
    expect(await sendText('fine', '+5531987654321')).toMatchObject({ status: 200 });

    const listed = await t.box.run(['emulator', 'fault', 'ls']);
    expect(listed.stdout).toContain(`${rule.id}: device`);
    expect(listed.stdout).toContain('answer 403 "Licença inválida ou expirada."');
    expect(listed.stdout).toContain('hit 1×');
    expect(listed.stdout).not.toContain(t.device.appkey);

    expect((await t.box.run(['emulator', 'fault', 'rm', rule.id])).exitCode).toBe(0);
    expect(await sendText('again')).toMatchObject({ status: 200 });
    const gone = await t.box.run(['emulator', 'fault', 'rm', rule.id]);
    expect(gone.exitCode).toBe(4);
    expect(gone.stderr).toContain('Regra de falha não encontrada.');
  });

  it('clear removes every rule; --times hits only the next N', async () => {
    expect(
      (
        await t.box.run([
          'emulator',
          'fault',
          'add',
          '--operation',
          'sendText',
          '--error',
          'rate-limit',
          '--times',
          '1',
        ])
      ).exitCode,
    ).toBe(0);
    expect(
      (await t.box.run(['emulator', 'fault', 'add', '--path', '/api/groups', '--status', '500', '--message', 'x']))
        .exitCode,
    ).toBe(0);
    expect(await sendText('once')).toMatchObject({ status: 429 });
    expect(await sendText('then ok')).toMatchObject({ status: 200 });
    expect((await t.box.run(['emulator', 'fault', 'clear'])).exitCode).toBe(0);
    expect((await t.box.run(['emulator', 'fault', 'ls'])).stdout.trim()).toBe('No fault rules.');
  });

  it('refuses a rule without an action or with contradicting flags (exit 2, nothing sent)', async () => {
    const before = t.logged.requests.length;
    for (const args of [
      ['--to', CONTACT],
      ['--drop', '--error', 'internal'],
      ['--http200', '--delay', '1s'],
      ['--error', 'nope'],
    ]) {
      const result = await t.box.run(['emulator', 'fault', 'add', ...args]);
      expect(result.exitCode, args.join(' ')).toBe(2);
    }
    expect(requestsTo(t.logged, '/__emulator/faults', before)).toEqual([]);
  });
});

describe('emulator disconnect', () => {
  it('disconnects the device, so polls (and every send under requireConnected) fail with 404', async () => {
    const result = await t.box.run(['emulator', 'disconnect', t.device.appkey]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/✓ Device .* disconnected/);
    expect(result.stdout).not.toContain(t.device.appkey);
    const poll = await post(`${t.url}/api/create-message`, {
      ...t.device,
      to: CONTACT,
      message: 'Q?',
      opcoes: ['A', 'B'],
    });
    expect(poll).toMatchObject({ status: 404, message: 'Nenhum dispositivo conectado encontrado' });
  });
});

describe('emulator clock', () => {
  it('advance sends a due schedule; set and reset report the time', async () => {
    // A month ahead: far enough to be clearly moved, within the account's year (its authkey expires after that).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const set = await t.box.run(['emulator', 'clock', 'set', `${day(30)}T12:00:00Z`, '--json']);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout).alterado).toBe(true);
    const scheduled = await post(`${t.url}/api/create-message`, {
      authkey: t.device.authkey,
      appkey: t.device.appkey,
      to: CONTACT,
      message: 'amanhã',
      agendamento: `${day(31)} 09:00:00`,
    });
    expect(scheduled.status).toBe(200);
    const advanced = await t.box.run(['emulator', 'clock', 'advance', '1d']);
    expect(advanced.exitCode, advanced.stderr).toBe(0);
    expect(advanced.stdout).toContain(`Emulator time is now ${day(31)}T12:00`);
    expect((await outbox(t.url, t.device.appkey)).map((m) => m.content.message)).toEqual(['amanhã']);
    const reset = await t.box.run(['emulator', 'clock', 'reset']);
    expect(reset.stdout).toContain('real time again');
  });

  it('refuses a time without a zone and a bad duration (exit 2)', async () => {
    expect((await t.box.run(['emulator', 'clock', 'set', '2031-05-01 12:00'])).exitCode).toBe(2);
    const bad = await t.box.run(['emulator', 'clock', 'advance', 'soon']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain(
      '<duration>: "soon" is not a duration: use 500ms, 90s, 15m, 2h, 1d or combinations like 1h30m',
    );
  });
});

describe('emulator requests', () => {
  it('shows a rejected request with its status, filtered, keys masked', async () => {
    await post(`${t.url}/api/create-message`, {
      authkey: 'f'.repeat(40),
      appkey: t.device.appkey,
      to: CONTACT,
      message: 'x',
    });
    const result = await t.box.run(['emulator', 'requests', '--device', t.device.appkey, '--status', '401', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const entries = JSON.parse(result.stdout).requisicoes as Record<string, unknown>[];
    expect(entries.map((e) => [e.status, e.operation, e.path])).toEqual([[401, 'sendText', '/api/create-message']]);
    expect(entries[0]?.reason).toMatch(/^authkey ffff…\(40\) is not an account of this emulator/);
    expect(result.stdout).not.toContain('f'.repeat(40));
    const lines = await t.box.run(['emulator', 'requests', '--status', '401']);
    expect(lines.stdout).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d 401 POST \/api\/create-message sendText — authkey ffff…\(40\) is not an account of this emulator/m,
    );
  });

  it('--follow with --json is a usage error', async () => {
    const result = await t.box.run(['emulator', 'requests', '--follow', '--json']);
    expect(result.exitCode).toBe(2);
  });
});

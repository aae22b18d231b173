// send schedule end to end: a scheduled message really goes out; --at, ISO and --in against the service's zone.
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../support/wait-for.js';
import { PHONE, PHONE_DIGITS, idInLine, useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

async function plannedBody(args: string[], env: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const result = await t.dev.run([...args, '--dry-run', '--json'], { env });
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout).body as Record<string, unknown>;
}

describe('send schedule (scheduleMessage)', () => {
  it('schedules with --in 2s and the message really goes out, carrying the schedule id', async () => {
    const result = await t.dev.run(['send', 'schedule', '--to', PHONE, '--in', '2s', '--message', 'Lembrete']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Message to ${PHONE_DIGITS} scheduled for`);
    expect(result.stdout).toContain('(America/Sao_Paulo)');
    const scheduleId = idInLine(result.stdout);
    expect(scheduleId).toBeTruthy();
    expect(await t.dev.outbox()).toEqual([]);
    const sent = await waitFor(async () => (await t.dev.outbox())[0], { what: 'the scheduled message' });
    expect(sent).toMatchObject({ to: PHONE_DIGITS, content: { message: 'Lembrete' }, agendamento_id: scheduleId });
  });

  it('prints agendamento_id under --json, and sends several --to as a JSON-encoded array with the file', async () => {
    const result = await t.dev.run([
      'send',
      'schedule',
      '--to',
      PHONE,
      '--to',
      '+5511987654321',
      '--to',
      '5581989769960',
      '--in',
      '1h',
      '--message',
      'Oi',
      '--file',
      'https://example.com/r.pdf',
      '--filename',
      'r.pdf',
      '--json',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc).toMatchObject({ status: 200, message: 'Mensagem agendada com sucesso.' });
    expect(typeof doc.agendamento_id).toBe('string');
    const body = await plannedBody([
      'send',
      'schedule',
      '--to',
      PHONE,
      '--to',
      '+5511987654321',
      '--in',
      '1h',
      '--message',
      'Oi',
      '--file',
      'https://example.com/r.pdf',
      '--filename',
      'r.pdf',
    ]);
    expect(JSON.parse(body.to as string)).toEqual([PHONE_DIGITS, '5511987654321']);
    expect(body).toMatchObject({ file: 'https://example.com/r.pdf', nomearquivo: 'r.pdf', message: 'Oi' });
  });

  it('sends --at in the service format as written, and converts ISO 8601 into the profile zone', async () => {
    const asWritten = await plannedBody([
      'send',
      'schedule',
      '--to',
      PHONE,
      '--at',
      '2030-06-01 09:00:00',
      '--message',
      'x',
    ]);
    expect(asWritten.agendamento).toBe('2030-06-01 09:00:00');
    expect(asWritten.to).toBe(PHONE_DIGITS);
    const iso = await plannedBody([
      'send',
      'schedule',
      '--to',
      PHONE,
      '--at',
      '2030-06-01T12:00:00Z',
      '--message',
      'x',
    ]);
    expect(iso.agendamento).toBe('2030-06-01 09:00:00');
    const lisbon = await plannedBody(
      ['send', 'schedule', '--to', PHONE, '--at', '2030-06-01T12:00:00Z', '--message', 'x'],
      { CHATBOT_TIMEZONE: 'Europe/Lisbon' },
    );
    expect(lisbon.agendamento).toBe('2030-06-01 13:00:00');
  });

  it('uses the zone set with `config set timezone`', async () => {
    expect((await t.dev.run(['config', 'set', 'timezone', 'Asia/Tokyo'])).exitCode).toBe(0);
    const body = await plannedBody([
      'send',
      'schedule',
      '--to',
      PHONE,
      '--at',
      '2030-01-01T00:00:00+00:00',
      '--message',
      'x',
    ]);
    expect(body.agendamento).toBe('2030-01-01 09:00:00');
  });

  it('exits 4 for an unknown device', async () => {
    const result = await t.dev.run(['send', 'schedule', '--to', PHONE, '--in', '1h', '--message', 'x'], {
      env: { CHATBOT_APPKEY: 'nope-nope' },
    });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('refuses a past, malformed or missing time before sending', async () => {
    const past = await t.dev.run(['send', 'schedule', '--to', PHONE, '--at', '2020-01-01 10:00:00', '--message', 'x']);
    expect(past.exitCode).toBe(2);
    expect(past.stderr).toContain('--at must be in the future');
    const malformed = await t.dev.run([
      'send',
      'schedule',
      '--to',
      PHONE,
      '--at',
      '01/06/2030 09:00',
      '--message',
      'x',
    ]);
    expect(malformed.exitCode).toBe(2);
    expect(malformed.stderr).toContain('--at must be "YYYY-MM-DD HH:MM:SS"');
    const noOffset = await t.dev.run([
      'send',
      'schedule',
      '--to',
      PHONE,
      '--at',
      '2030-06-01T09:00:00',
      '--message',
      'x',
    ]);
    expect(noOffset.exitCode).toBe(2);
    const missing = await t.dev.run(['send', 'schedule', '--to', PHONE, '--message', 'x']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('Missing --at or --in');
    const both = await t.dev.run([
      'send',
      'schedule',
      '--to',
      PHONE,
      '--at',
      '2030-06-01 09:00:00',
      '--in',
      '1h',
      '--message',
      'x',
    ]);
    expect(both.exitCode).toBe(2);
    const filename = await t.dev.run([
      'send',
      'schedule',
      '--to',
      PHONE,
      '--in',
      '1h',
      '--message',
      'x',
      '--filename',
      'a.pdf',
    ]);
    expect(filename.exitCode).toBe(2);
    expect(filename.stderr).toContain('--file');
    const badZone = await t.dev.run(['send', 'schedule', '--to', PHONE, '--in', '1h', '--message', 'x'], {
      env: { CHATBOT_TIMEZONE: 'Mars/Olympus' },
    });
    expect(badZone.exitCode).toBe(2);
    expect(badZone.stderr).toContain('config set timezone');
    expect(await t.dev.outbox()).toEqual([]);
  });

  it('--help explains the time forms and the zone setting', async () => {
    const help = await t.dev.run(['send', 'schedule', '--help']);
    expect(help.exitCode).toBe(0);
    for (const text of ['YYYY-MM-DD HH:MM:SS', 'ISO 8601', '--in', 'config set timezone', 'America/Sao_Paulo']) {
      expect(help.stdout).toContain(text);
    }
  });
});

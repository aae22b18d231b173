import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wallClock, wholeSecondsAhead } from './helpers/clock.js';
import {
  accountWithDevice,
  CONTACT,
  CONTACT_PLAIN,
  sentWithText,
  startTestEmulator,
  useEmulatorWithDevice,
  useWebhookReceiver,
  type Device,
} from './helpers/fixtures.js';
import { expectError, expectOk, getJson, postJson } from './helpers/http.js';
import { scratchDir } from './helpers/spawned-emulator.js';
import { pause, waitFor } from '../../support/wait-for.js';

const webhook = useWebhookReceiver();

function schedule(
  url: string,
  device: Device,
  to: unknown,
  message: string,
  due: Date,
  zone: string,
  extra: Record<string, unknown> = {},
) {
  return postJson(url, '/api/create-message', {
    ...device.keys,
    to,
    message,
    agendamento: wallClock(due, zone),
    ...extra,
  });
}

/**
 * Polls the outbox until `text` has gone out `count` times and returns the instant it was first seen. The deadline
 * only bounds a wait for something that must happen; how soon it happens is measured by `npm run bench`.
 */
async function firstSeen(url: string, appkey: string, text: string, count = 1): Promise<number> {
  await waitFor(async () => (await sentWithText(url, appkey, text)).length >= count, {
    timeoutMs: 15_000,
    intervalMs: 20,
    what: `scheduled "${text}" to go out`,
  });
  return Date.now();
}

/**
 * A time 2 s ahead on the emulator's own clock, and a move of that clock past it: the tests whose subject is what goes
 * out, not when, let it fall due when they say instead of waiting for real seconds to pass.
 */
async function dueSoon(url: string): Promise<{ due: Date; passIt: () => Promise<void> }> {
  const now = Date.parse(expectOk(await getJson(url, '/__emulator/clock')).agora as string);
  return {
    due: new Date(now + 2000),
    passIt: async () => void expectOk(await postJson(url, '/__emulator/clock/advance', { by: '3s' })),
  };
}

describe.each([
  ['the default zone (America/Sao_Paulo)', undefined, 'America/Sao_Paulo'],
  ['--tz Asia/Tokyo', 'Asia/Tokyo', 'Asia/Tokyo'],
])('scheduleMessage in %s', (_label, tz, zone) => {
  const t = useEmulatorWithDevice({ emulator: tz ? { tz } : {}, device: () => ({ webhook: webhook.receiver.url }) });

  it('answers Mensagem agendada com sucesso. with agendamento_id and sends at its time, never before', async () => {
    const due = wholeSecondsAhead(2);
    const text = `agendada-${zone}`;
    const body = expectOk(await schedule(t.emu.url, t.device, CONTACT, text, due, zone));
    expect(body.message).toBe('Mensagem agendada com sucesso.');
    expect(body.agendamento_id).toMatch(/^agd_[0-9a-f]{16}$/);
    expect(await sentWithText(t.emu.url, t.device.appkey, text), 'not in the outbox before its time').toHaveLength(0);
    const seenAt = await firstSeen(t.emu.url, t.device.appkey, text);
    expect(seenAt, 'not before its time').toBeGreaterThanOrEqual(due.getTime());
    const [entry] = await sentWithText(t.emu.url, t.device.appkey, text);
    expect(entry).toMatchObject({ kind: 'text', to: '5521998765432', agendamento_id: body.agendamento_id });
    expect(Date.parse(entry!.timestamp), 'sent, by its own record, not before its time').toBeGreaterThanOrEqual(
      due.getTime(),
    );
  });

  it('emits a Text event (tipo Me) and a system event (tipo Sistema) with idAgendamento as it goes out', async () => {
    const text = `evento-agendado-${zone}`;
    const { due, passIt } = await dueSoon(t.emu.url);
    const id = expectOk(await schedule(t.emu.url, t.device, CONTACT, text, due, zone)).agendamento_id;
    await passIt();
    const textEvent = await webhook.receiver.waitForEvent((e) => e.evento === 'text' && e.mensagem === text, 8000);
    expect(textEvent).toMatchObject({ tipo: 'Me', instancia: t.device.appkey, dispositivo: t.device.id });
    const notice = await webhook.receiver.waitForEvent(
      (e) => e.evento === 'agendamento' && e.idAgendamento === id,
      8000,
    );
    expect(notice).toMatchObject({
      tipo: 'Sistema',
      mensagem: text,
      instancia: t.device.appkey,
      dispositivo: t.device.id,
    });
    const [entry] = await sentWithText(t.emu.url, t.device.appkey, text);
    expect(notice.idMessagem).toBe(entry!.id);
  });
});

describe('scheduleMessage details', () => {
  const t = useEmulatorWithDevice({ emulator: { tz: 'UTC' } });

  it.each([
    ['a JSON-encoded array', JSON.stringify([CONTACT, CONTACT_PLAIN, CONTACT])],
    ['a JSON array', [CONTACT, CONTACT_PLAIN]],
  ])('sends once to every distinct recipient of %s in to', async (label, to) => {
    const text = `lista-agendada ${label}`;
    const { due, passIt } = await dueSoon(t.emu.url);
    expectOk(await schedule(t.emu.url, t.device, to, text, due, 'UTC'));
    await passIt();
    await firstSeen(t.emu.url, t.device.appkey, text, 2);
    const sent = await sentWithText(t.emu.url, t.device.appkey, text);
    expect(sent.map((m) => m.to).sort()).toEqual(['5521998765432', '5531987654321']);
  });

  it('sends a media file with its name as kind media', async () => {
    const extra = { file: 'https://exemplo.com.br/doc.pdf', nomearquivo: 'doc.pdf' };
    const { due, passIt } = await dueSoon(t.emu.url);
    expectOk(await schedule(t.emu.url, t.device, CONTACT, 'com-arquivo', due, 'UTC', extra));
    await passIt();
    await firstSeen(t.emu.url, t.device.appkey, 'com-arquivo');
    const [entry] = await sentWithText(t.emu.url, t.device.appkey, 'com-arquivo');
    expect(entry).toMatchObject({ kind: 'media', content: { file: extra.file, nomearquivo: 'doc.pdf' } });
  });

  it('sends a time already past at once', async () => {
    expectOk(await schedule(t.emu.url, t.device, CONTACT, 'ja-passou', new Date(Date.now() - 60_000), 'UTC'));
    await waitFor(async () => (await sentWithText(t.emu.url, t.device.appkey, 'ja-passou')).length === 1, {
      timeoutMs: 3000,
      what: 'the past-due message to go out',
    });
  });

  it.each(['amanhã às 10', '2030-13-01 10:00:00', '2030-02-30 10:00:00', '2030-01-01T10:00:00Z', '2030-01-01'])(
    'agendamento %j is malformed: 401 validation.required',
    async (agendamento) => {
      const reply = await postJson(t.emu.url, '/api/create-message', {
        ...t.device.keys,
        to: CONTACT,
        message: 'x',
        agendamento,
      });
      expectError(reply, 401, 'validation.required');
    },
  );

  it('a file that is not an http(s) URL: 401 validation.required', async () => {
    const reply = await schedule(t.emu.url, t.device, CONTACT, 'x', wholeSecondsAhead(60), 'UTC', {
      file: 'arquivo.pdf',
    });
    expectError(reply, 401, 'validation.required');
  });

  it('unknown appkey: 404 Nenhum dispositivo encontrado.', async () => {
    const reply = await schedule(
      t.emu.url,
      { ...t.device, keys: { ...t.device.keys, appkey: 'nao-existe' } },
      CONTACT,
      'x',
      wholeSecondsAhead(60),
      'UTC',
    );
    expectError(reply, 404, 'Nenhum dispositivo encontrado.');
  });
});

describe('scheduleMessage: schedules of a deleted device', () => {
  it('never go out: deleteDevice deletes the device with its schedules', async () => {
    const emu = await startTestEmulator({ tz: 'UTC' });
    try {
      const doomed = await accountWithDevice(emu.url, { webhook: webhook.receiver.url });
      const survivor = await accountWithDevice(emu.url, { webhook: webhook.receiver.url });
      const due = wholeSecondsAhead(2);
      expectOk(await schedule(emu.url, doomed, CONTACT, 'agenda-apagada', due, 'UTC'));
      expectOk(await schedule(emu.url, survivor, CONTACT, 'agenda-sobrevivente', due, 'UTC'));
      expectOk(
        await postJson(emu.url, '/api/developer', {
          authkey: doomed.authkey,
          message: doomed.id,
          apagarDispositivo: true,
        }),
      );
      await webhook.receiver.waitForEvent(
        (e) => e.evento === 'agendamento' && e.mensagem === 'agenda-sobrevivente',
        8000,
      );
      expect(webhook.receiver.events((e) => e.mensagem === 'agenda-apagada')).toHaveLength(0);
    } finally {
      await emu.close();
    }
  });
});

describe('scheduleMessage across a restart', () => {
  it('sends at start-up, before accepting requests, a message that fell due while the emulator was down', async () => {
    const scratch = scratchDir();
    const db = join(scratch.dir, 'emulador.db');
    try {
      const first = await startTestEmulator({ db, tz: 'UTC' });
      const device = await accountWithDevice(first.url);
      const due = wholeSecondsAhead(2);
      expectOk(await schedule(first.url, device, CONTACT, 'durante-parada', due, 'UTC'));
      expect(await sentWithText(first.url, device.appkey, 'durante-parada'), 'still pending when stopped').toHaveLength(
        0,
      );
      await first.close();
      // The subject here is time itself: the message must fall due while nothing is running.
      await pause(due.getTime() - Date.now() + 100);
      const second = await startTestEmulator({ db, tz: 'UTC' });
      try {
        expect(await sentWithText(second.url, device.appkey, 'durante-parada')).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      scratch.cleanup();
    }
  });
});

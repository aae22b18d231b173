import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wallClock, wholeSecondsAhead } from './helpers/clock.js';
import {
  accountWithDevice,
  addDevice,
  checkDevice,
  CONTACT,
  mentions,
  outbox,
  registerAccount,
  sendText,
  type Device,
} from './helpers/fixtures.js';
import { expectOk, postJson } from './helpers/http.js';
import { scratchDir, spawnEmulator, type SpawnedEmulator } from './helpers/spawned-emulator.js';
import { pause, waitFor } from '../../support/wait-for.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';

let receiver: WebhookReceiver;
let scratch: ReturnType<typeof scratchDir>;
const running = new Set<SpawnedEmulator>();
beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  scratch = scratchDir();
});
afterEach(async () => {
  for (const emulator of running) await emulator.stop('SIGKILL');
  running.clear();
});
afterAll(async () => {
  await receiver.close();
  scratch.cleanup();
});

async function start(db: string, args: string[] = []): Promise<SpawnedEmulator> {
  const emulator = await spawnEmulator(db, scratch.dir, args);
  running.add(emulator);
  return emulator;
}

async function kill(emulator: SpawnedEmulator): Promise<void> {
  running.delete(emulator);
  await emulator.stop('SIGKILL');
}

const burstText = (n: number) => `rajada-${n}-fim`;

/** Sends `total` texts over `lanes` parallel connections and SIGKILLs the emulator once `killAfter` were acknowledged. */
async function burstUntilKilled(
  emulator: SpawnedEmulator,
  device: Device,
  total: number,
  killAfter: number,
): Promise<string[]> {
  const acknowledged: string[] = [];
  let next = 0;
  let killed: Promise<void> | undefined;
  const lane = async () => {
    while (next < total && !killed) {
      const text = burstText(next++);
      try {
        const reply = await sendText(emulator.url, device, CONTACT, text);
        if (reply.status === 200) acknowledged.push(text);
      } catch {
        return;
      }
      if (acknowledged.length >= killAfter) killed ??= kill(emulator);
    }
  };
  await Promise.all(Array.from({ length: 12 }, lane));
  await killed;
  return acknowledged;
}

describe('durability across SIGKILL', () => {
  it('loses no acknowledged send and delivers every acknowledged event after the restart', async () => {
    const db = join(scratch.dir, 'rajada.db');
    const first = await start(db);
    const device = await accountWithDevice(first.url, { webhook: receiver.url });
    const acknowledged = await burstUntilKilled(first, device, 400, 120);
    expect(acknowledged.length).toBeGreaterThanOrEqual(120);
    expect(acknowledged.length, 'the kill interrupted the burst').toBeLessThan(400);

    const second = await start(db);
    const sent = await outbox(second.url, device.appkey);
    for (const text of acknowledged) {
      expect(
        sent.filter((m) => mentions(m, text)),
        `"${text}" went out exactly once`,
      ).toHaveLength(1);
    }
    const mine = (e: Record<string, unknown>) => typeof e.mensagem === 'string' && e.mensagem.startsWith('rajada-');
    await waitFor(
      () => {
        const delivered = new Set(receiver.events(mine).map((e) => e.mensagem));
        return acknowledged.every((text) => delivered.has(text));
      },
      { timeoutMs: 20_000, what: 'a Text event for every acknowledged send' },
    );
    expectOk(await sendText(second.url, device, CONTACT, 'depois-do-kill'));
  });

  it('keeps accounts, devices and connection state across SIGKILL', async () => {
    const db = join(scratch.dir, 'estado.db');
    const first = await start(db);
    const device = await accountWithDevice(first.url);
    await kill(first);
    const second = await start(db);
    const check = await postJson(second.url, '/api/developer', {
      authkey: device.authkey,
      message: device.id,
      checkDispositivo: true,
    });
    expect(expectOk(check).dispositivo).toMatchObject({ id: device.id, nome: device.nome, conectado: true });
  });
});

describe('options of the spawned emulator', () => {
  it('--auto-connect connects a paired device by itself', async () => {
    // 5 s: long enough that a loaded machine still checks the device before it connects.
    const emulator = await start(join(scratch.dir, 'auto.db'), ['--auto-connect', '5']);
    const account = await registerAccount(emulator.url);
    const device = await addDevice(emulator.url, account.authkey, { connect: false });
    expect((await checkDevice(emulator.url, account.authkey, device.id)).conectado).toBe(false);
    await waitFor(async () => (await checkDevice(emulator.url, account.authkey, device.id)).conectado === true, {
      timeoutMs: 15_000,
      what: 'auto-connect',
    });
  });

  it('--tz sets the zone schedules fire in', async () => {
    const emulator = await start(join(scratch.dir, 'fuso.db'), ['--tz', 'Asia/Tokyo']);
    const device = await accountWithDevice(emulator.url);
    const due = wholeSecondsAhead(2);
    const body = {
      ...device.keys,
      to: CONTACT,
      message: 'agendada-em-toquio',
      agendamento: wallClock(due, 'Asia/Tokyo'),
    };
    expectOk(await postJson(emulator.url, '/api/create-message', body));
    await waitFor(
      async () => (await outbox(emulator.url, device.appkey)).some((m) => mentions(m, 'agendada-em-toquio')),
      {
        timeoutMs: 8000,
        intervalMs: 20,
        what: 'the scheduled message',
      },
    );
    expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
  });

  it('a schedule that fell due while the process was killed goes out at start-up', async () => {
    const db = join(scratch.dir, 'agenda.db');
    const first = await start(db);
    const device = await accountWithDevice(first.url, { webhook: receiver.url });
    const due = wholeSecondsAhead(2);
    const body = {
      ...device.keys,
      to: CONTACT,
      message: 'vencida-durante-kill',
      agendamento: wallClock(due, 'America/Sao_Paulo'),
    };
    expectOk(await postJson(first.url, '/api/create-message', body));
    expect(
      (await outbox(first.url, device.appkey)).some((m) => mentions(m, 'vencida-durante-kill')),
      'still pending when killed',
    ).toBe(false);
    await kill(first);
    // Time itself is the subject: the message has to fall due while nothing runs.
    await pause(Math.max(0, due.getTime() - Date.now() + 200));
    const second = await start(db);
    await waitFor(
      async () => (await outbox(second.url, device.appkey)).some((m) => mentions(m, 'vencida-durante-kill')),
      {
        timeoutMs: 8000,
        what: 'the overdue scheduled message',
      },
    );
    await receiver.waitForEvent((e) => e.mensagem === 'vencida-durante-kill', 10_000);
  });
});

import { describe, expect, it } from 'vitest';
import { accountWithDevice, CONTACT, sendText, useTestEmulator } from './helpers/fixtures.js';
import { expectOk, getJson, show, type Body } from './helpers/http.js';
import { waitFor } from '../../support/wait-for.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';
import { freePort } from '../../support/free-port.js';

const t = useTestEmulator();

/** The queued delivery of the event whose mensagem is `text`, once it has been attempted at least `attempts` times. */
async function queuedAfter(appkey: string, text: string, attempts: number): Promise<Body> {
  return waitFor(
    async () => {
      const queue = await getJson(t.emu.url, `/__emulator/webhooks?appkey=${appkey}`);
      const entry = (queue.body.entregas as Body[]).find((e) => e.evento?.mensagem === text);
      return entry && entry.tentativas >= attempts ? entry : undefined;
    },
    { timeoutMs: 15_000, what: `${attempts} attempts to deliver "${text}"` },
  );
}

describe('webhook delivery', () => {
  it('retries a delivery the receiver failed until it is accepted (at least once)', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      receiver.failNext = 2;
      const device = await accountWithDevice(t.emu.url, { webhook: receiver.url });
      expectOk(await sendText(t.emu.url, device, CONTACT, 'apos-falhas'));
      await receiver.waitForEvent((e) => e.mensagem === 'apos-falhas', 20_000);
      const attempts = receiver.deliveries.filter((d) => d.body?.mensagem === 'apos-falhas');
      expect(attempts.map((d) => [d.accepted, d.headers['x-emulator-attempt']])).toEqual([
        [false, '1'],
        [false, '2'],
        [true, '3'],
      ]);
      expect(new Set(attempts.map((d) => d.headers['x-emulator-delivery'])).size).toBe(1);
      expect(attempts[1]!.at - attempts[0]!.at, 'backoff before the 2nd attempt').toBeGreaterThanOrEqual(400);
      expect(attempts[2]!.at - attempts[1]!.at, 'longer backoff before the 3rd').toBeGreaterThanOrEqual(900);
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that never answers does not hold up the requests, and the event is retried after the timeout', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      receiver.mode = 'hang';
      const device = await accountWithDevice(t.emu.url, { webhook: receiver.url });
      const attemptsAt = (text: string) => receiver.deliveries.filter((d) => d.body?.mensagem === text);
      expectOk(await sendText(t.emu.url, device, CONTACT, 'receptor-lento'));
      expect(
        attemptsAt('receptor-lento').every((d) => d.pending),
        'no attempt given up before the reply',
      ).toBe(true);
      const [held] = await waitFor(
        () => (attemptsAt('receptor-lento').length > 0 ? attemptsAt('receptor-lento') : undefined),
        {
          timeoutMs: 15_000,
          intervalMs: 5,
          what: 'a delivery attempt to the hanging receiver',
        },
      );
      expectOk(await sendText(t.emu.url, device, CONTACT, 'receptor-lento-2'));
      // The receiver never answers: a request that waited for it could only come back after the emulator gave up.
      expect(held!.pending, 'answered while the receiver still holds the earlier event, unanswered').toBe(true);
      receiver.mode = 'ok';
      await receiver.waitForEvent((e) => e.mensagem === 'receptor-lento', 20_000);
      expect(held!.pending, 'the hanging attempt was given up').toBe(false);
      const [delivered] = attemptsAt('receptor-lento').filter((d) => d.accepted);
      expect(delivered!.headers['x-emulator-delivery'], 'the same delivery, retried').toBe(
        held!.headers['x-emulator-delivery'],
      );
      expect(Number(delivered!.headers['x-emulator-attempt'])).toBeGreaterThan(
        Number(held!.headers['x-emulator-attempt']),
      );
      await receiver.waitForEvent((e) => e.mensagem === 'receptor-lento-2', 20_000);
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that is down does not fail the request; the event stays queued and is retried', async () => {
    const device = await accountWithDevice(t.emu.url, { webhook: `http://127.0.0.1:${await freePort()}/hook` });
    const reply = await sendText(t.emu.url, device, CONTACT, 'ninguem-escuta');
    expect(expectOk(reply).message).toBe('Mensagem enviada com sucesso.');
    const entry = await queuedAfter(device.appkey, 'ninguem-escuta', 2);
    expect(entry, show(entry)).toMatchObject({ estado: 'pending' });
    expect(entry.ultimoErro).toMatch(/ECONNREFUSED/);
  });

  it('keeps an undeliverable event pending with its attempts, visible in the queue', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      receiver.mode = 'fail';
      const device = await accountWithDevice(t.emu.url, { webhook: receiver.url });
      expectOk(await sendText(t.emu.url, device, CONTACT, 'sempre-falha'));
      await waitFor(() => receiver.deliveries.length >= 2, { timeoutMs: 5000, what: 'a second attempt' });
      // The receiver answers before the worker writes the attempt's outcome: wait for the queue to show it.
      const queue = await waitFor(
        async () => {
          const answer = await getJson(t.emu.url, `/__emulator/webhooks?appkey=${device.appkey}`);
          return (answer.body.entregas as Body[])[0]?.tentativas >= 2 && answer;
        },
        { what: 'the second attempt written to the queue' },
      );
      const [entry] = queue.body.entregas;
      expect(entry, show(queue.body)).toMatchObject({
        estado: 'pending',
        ultimoErro: 'HTTP 500',
        evento: { mensagem: 'sempre-falha' },
      });
      expect(entry.tentativas).toBeGreaterThanOrEqual(2);
    } finally {
      await receiver.close();
    }
  });
});

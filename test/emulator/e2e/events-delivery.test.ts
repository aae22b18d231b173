import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { accountWithDevice, CONTACT, sendText, startTestEmulator } from './helpers/fixtures.js';
import { expectOk, getJson, show } from './helpers/http.js';
import { waitFor } from './helpers/wait-for.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());

/** A 127.0.0.1 port that nothing listens on (bound, then released). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await work();
  return [result, Date.now() - started];
}

describe('webhook delivery', () => {
  it('retries a delivery the receiver failed until it is accepted (at least once)', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      receiver.failNext = 2;
      const device = await accountWithDevice(emu.url, { webhook: receiver.url });
      expectOk(await sendText(emu.url, device, CONTACT, 'apos-falhas'));
      await receiver.waitForEvent((e) => e.mensagem === 'apos-falhas', 20_000);
      const attempts = receiver.deliveries.filter((d) => d.body?.mensagem === 'apos-falhas');
      expect(attempts.map((d) => [d.accepted, d.headers['x-emulator-attempt']])).toEqual([[false, '1'], [false, '2'], [true, '3']]);
      expect(new Set(attempts.map((d) => d.headers['x-emulator-delivery'])).size).toBe(1);
      expect(attempts[1]!.at - attempts[0]!.at, 'backoff before the 2nd attempt').toBeGreaterThanOrEqual(400);
      expect(attempts[2]!.at - attempts[1]!.at, 'longer backoff before the 3rd').toBeGreaterThanOrEqual(900);
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that never answers does not slow the request, and the event is retried after the timeout', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      receiver.mode = 'hang';
      const device = await accountWithDevice(emu.url, { webhook: receiver.url });
      const [reply, elapsed] = await timed(() => sendText(emu.url, device, CONTACT, 'receptor-lento'));
      expectOk(reply);
      expect(elapsed).toBeLessThan(1000);
      await waitFor(() => receiver.deliveries.length > 0, { what: 'a delivery attempt to the hanging receiver' });
      const [second, elapsedAgain] = await timed(() => sendText(emu.url, device, CONTACT, 'receptor-lento-2'));
      expectOk(second);
      expect(elapsedAgain).toBeLessThan(1000);
      receiver.mode = 'ok';
      await receiver.waitForEvent((e) => e.mensagem === 'receptor-lento', 10_000);
      await receiver.waitForEvent((e) => e.mensagem === 'receptor-lento-2', 5_000);
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that is down does not fail or slow the request', async () => {
    const device = await accountWithDevice(emu.url, { webhook: `http://127.0.0.1:${await deadPort()}/hook` });
    const [reply, elapsed] = await timed(() => sendText(emu.url, device, CONTACT, 'ninguem-escuta'));
    expect(expectOk(reply).message).toBe('Mensagem enviada com sucesso.');
    expect(elapsed).toBeLessThan(1000);
  });

  it('keeps an undeliverable event pending with its attempts, visible in the queue', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      receiver.mode = 'fail';
      const device = await accountWithDevice(emu.url, { webhook: receiver.url });
      expectOk(await sendText(emu.url, device, CONTACT, 'sempre-falha'));
      await waitFor(() => receiver.deliveries.length >= 2, { timeoutMs: 5000, what: 'a second attempt' });
      const queue = await getJson(emu.url, `/__emulator/webhooks?appkey=${device.appkey}`);
      const [entry] = queue.body.entregas;
      expect(entry, show(queue.body)).toMatchObject({ estado: 'pending', ultimoErro: 'HTTP 500', evento: { mensagem: 'sempre-falha' } });
      expect(entry.tentativas).toBeGreaterThanOrEqual(2);
    } finally {
      await receiver.close();
    }
  });
});

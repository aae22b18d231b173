// The webhook delivery thread against local receivers on 127.0.0.1: the POSTs really run in a worker thread.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryThread } from '../../../src/emulator/events/delivery-thread.js';
import { waitFor } from '../../support/wait-for.js';

interface Seen {
  headers: IncomingHttpHeaders;
  body: string;
  res: ServerResponse;
}

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

async function receiver(answer: (seen: Seen) => void): Promise<{ url: string; seen: Seen[]; closed: () => number }> {
  const seen: Seen[] = [];
  let closed = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const entry = { headers: req.headers, body, res };
      seen.push(entry);
      answer(entry);
    });
    res.on('close', () => (closed += res.writableFinished ? 0 : 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, seen, closed: () => closed };
}

function thread(): DeliveryThread {
  const posts = new DeliveryThread(4);
  open.push(() => posts.close());
  return posts;
}

const options = (signal = new AbortController().signal) => ({
  headers: { 'content-type': 'application/json', 'x-emulator-delivery': '7' },
  timeoutMs: 5_000,
  signal,
});

describe('delivery thread', () => {
  it('posts the body and headers and resolves with the receiver status, for many posts at once', async () => {
    const hook = await receiver(({ body, res }) => {
      res.statusCode = body.includes('"n":3') ? 503 : 200;
      res.end();
    });
    const posts = thread();
    const statuses = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => posts.post('dev', hook.url, JSON.stringify({ n }), options())),
    );
    expect(statuses).toEqual([200, 200, 503, 200, 200]);
    expect(hook.seen.map((entry) => JSON.parse(entry.body) as unknown)).toHaveLength(5);
    expect(hook.seen[0]?.headers['x-emulator-delivery']).toBe('7');
    expect(hook.seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('fails an attempt whose receiver is down with the network error', async () => {
    const hook = await receiver(({ res }) => res.end());
    const url = hook.url;
    await open.splice(0, 1)[0]?.();
    await expect(thread().post('dev', url, '{}', options())).rejects.toThrow(/ECONNREFUSED/);
  });

  it('an abort fails the attempt at once and the thread drops the exchange', async () => {
    const hook = await receiver(() => undefined);
    const posts = thread();
    const controller = new AbortController();
    const attempt = posts.post('dev', hook.url, '{}', options(controller.signal));
    await waitFor(() => hook.seen.length === 1, { what: 'the receiver to get the post' });
    controller.abort();
    await expect(attempt).rejects.toThrow('aborted');
    await waitFor(() => hook.closed() === 1, { what: 'the exchange to be dropped' });
  });

  it('close() fails the attempts still waiting, and later posts fail without a thread', async () => {
    const hook = await receiver(() => undefined);
    const posts = thread();
    const attempt = posts.post('dev', hook.url, '{}', options());
    await waitFor(() => hook.seen.length === 1, { what: 'the receiver to get the post' });
    const failed = expect(attempt).rejects.toThrow('stopping');
    await posts.close();
    await failed;
    await expect(posts.post('dev', hook.url, '{}', options())).rejects.toThrow('stopping');
    await waitFor(() => hook.closed() === 1, { what: 'the exchange to be dropped' });
  });
});
